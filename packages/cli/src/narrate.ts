import { describeRoll, type RollRecord, type TermRecord } from '@fray/dice';
import { countPhrase, namePhrase, type BreakdownRow, type Duration, type EventOf, type FrayEventBody, type Json, type Principal, type PromptSpec, type RulesetWords } from '@fray/engine';

/**
 * Events in, lines of text out: the table's view of a fight, every roll with its breakdown. Pure:
 * no state, no rules, nothing but the events (and optional display names). Creature names come from
 * `names` and from the CreatureAdded / CreatureUpdated events in the list.
 */
export interface NarrationContext {
  /** creature id → display name */
  names?: Record<string, string>;
  /** seat id → the seat's name at the table ("Tamsin Reed's player"), for who was asked and who answered */
  seats?: Record<string, string>;
  /** prompts asked in earlier batches (the open ones), so their answers read as questions */
  prompts?: readonly PromptSpec[];
  /** the ruleset's words for its tallies and counters, and its conditions' names (a loaded ruleset will do) */
  ruleset?: { words?: RulesetWords; conditions?: readonly { id: string; name: string }[] };
}

type Ev<T extends FrayEventBody['type']> = EventOf<T>;

export function narrate(events: readonly FrayEventBody[], ctx: NarrationContext = {}): string[] {
  const names = new Map(Object.entries(ctx.names ?? {}));
  const seats = new Map(Object.entries(ctx.seats ?? {}));
  const nameOf = (id: string | null | undefined): string => (id == null ? 'the GM' : (names.get(id) ?? id));
  const prompts = new Map<string, PromptSpec>((ctx.prompts ?? []).map((p) => [p.id, p]));
  const { rollFor, consumed } = pairRolls(events);
  const relinked = relinkedAdds(events);
  const words = ctx.ruleset?.words ?? {};
  const conditionNames = new Map((ctx.ruleset?.conditions ?? []).map((c) => [c.id, c.name]));
  /** a condition as a sentence names it: its name, lower-cased unless it is an abbreviation */
  const conditionText = (id: string): string => {
    const name = conditionNames.get(id);
    return name ? (/^[A-Z][a-z]/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name) : id;
  };
  const out: string[] = [];

  events.forEach((e, i) => {
    switch (e.type) {
      case 'EncounterStarted':
        out.push(`Encounter ${e.encounter.id} (ruleset ${e.encounter.ruleset.id} ${e.encounter.ruleset.version}, ${e.encounter.dice.mode} dice)`);
        break;
      case 'CreatureAdded': {
        const c = e.creature;
        names.set(c.id, c.name);
        if (e.reason === 'revealed') {
          out.push(`${c.name} is revealed`);
          break;
        }
        const who = [c.side, c.controller ? (seats.get(c.controller) ?? c.controller) : null].filter((x) => x).join(', ');
        out.push(`  ${c.name} (${who}): ${c.hp}/${c.maxHp} HP${c.tempHp ? ` + ${c.tempHp} temporary` : ''}${c.status !== 'conscious' ? `, ${c.status}` : ''}${c.hidden ? ' [hidden]' : ''}`);
        break;
      }
      case 'CreatureRemoved':
        out.push(`${e.name ?? nameOf(e.creatureId)} leaves the encounter${e.reason ? ` (${e.reason})` : ''}`);
        break;
      case 'CreatureUpdated': {
        const old = nameOf(e.creatureId);
        if (e.previous && 'controller' in e.previous && e.changes.controller !== undefined) {
          const who = (seat: string | null | undefined) => (seat ? (seats.get(seat) ?? `seat ${seat}`) : 'the GM');
          out.push(`${old} passes from ${who(e.previous.controller)} to ${who(e.changes.controller)}`);
          break;
        }
        if (e.changes.name) names.set(e.creatureId, e.changes.name);
        const parts = Object.entries(e.changes).map(([k, v]) => `${k} ${v === null ? 'cleared' : Array.isArray(v) ? v.join(', ') : String(v)}`);
        out.push(`${old}: ${parts.join('; ')}`);
        break;
      }
      case 'InitiativeSet': {
        // Tie-break keys matter to the table only where two totals are equal; elsewhere they are noise.
        const tied = (total: number) => e.order.filter((y) => y.total === total).length > 1;
        const order = e.order.map((x) => `${nameOf(x.creatureId)} ${x.total}${x.tiebreak.length && tied(x.total) ? ` (tie-break ${x.tiebreak.join(', ')})` : ''}${x.delayed ? ' (delaying)' : ''}`);
        out.push(`Initiative: ${order.join(', ')}${e.reason === 'rolled' ? '' : ` (${e.reason})`}`);
        break;
      }
      case 'CombatStarted':
        out.push('Combat starts.');
        break;
      case 'RoundStarted':
        out.push(`=== Round ${e.round} ===`);
        break;
      case 'TurnStarted':
        out.push(`--- ${nameOf(e.creatureId)}'s turn ---`);
        break;
      case 'DiceRolled':
        if (!consumed.has(i)) out.push(`${cap(nameOf(e.roller))} rolls ${rollPurpose(e.purpose)}: ${describeRoll(e.record)}${e.entered ? ' (entered)' : ''}`);
        break;
      case 'TestResolved':
        out.push(testLine(e, rollFor.get(i)?.record, nameOf, words));
        break;
      case 'DamageApplied':
        out.push(damageLine(e, rollFor.get(i), nameOf));
        break;
      case 'HealingApplied':
        // A seat's copy of someone else's healing has no exact hit points (the table server redacts them).
        out.push(e.amount === 0
          ? `${nameOf(e.target)} regains no hit points${e.hpBefore === undefined ? '' : e.hpAfter === e.hpBefore ? ` (${e.hpAfter} HP)` : `: ${e.hpBefore} → ${e.hpAfter} HP`}`
          : `${nameOf(e.target)} heals ${e.amount}${e.hpBefore === undefined ? '' : `: ${e.hpBefore} → ${e.hpAfter} HP`}`);
        break;
      case 'HitPointsSet': {
        // Temporary hit points running out (a battle's end) are an ending, not a number set to 0.
        if (e.tempHp === 0 && e.hp === undefined && e.maxHp === undefined) {
          out.push(`${nameOf(e.target)}'s temporary hit points end (${e.reason})`);
          break;
        }
        const parts = [
          e.hp !== undefined ? `HP set to ${e.hp}` : null,
          e.tempHp !== undefined ? `temporary HP ${e.tempHp}` : null,
          e.maxHp !== undefined ? `maximum HP ${e.maxHp}` : null,
        ].filter((x) => x !== null);
        out.push(`${nameOf(e.target)}: ${parts.join(', ')} (${e.reason})`);
        break;
      }
      case 'ConditionAdded': {
        if (relinked.has(i)) break;
        const c = e.condition;
        // Who or what brought it, when that is a creature or the GM: other sources (a world effect's id) are the rules' own.
        const source = c.source === 'gm' ? 'the GM' : c.source && c.source !== e.creatureId && names.has(c.source) ? names.get(c.source)! : null;
        const how = durationText(c.duration, nameOf, e.creatureId);
        const notes = [how.note, c.impliedBy ? `with ${conditionText(conditionOf(c.impliedBy))}` : source ? `by ${source}` : null].filter((x) => x);
        const own = words.conditions && Object.hasOwn(words.conditions, c.conditionId) ? words.conditions[c.conditionId]! : null;
        const what = own ? namePhrase(own.added, nameOf(e.creatureId))
          : `${nameOf(e.creatureId)} ${c.level ? `now has ${conditionText(c.conditionId)} level ${c.level}` : `is now ${conditionText(c.conditionId)}`}`;
        out.push(`${what}${how.text}${notes.length ? ` (${notes.join('; ')})` : ''}`);
        break;
      }
      case 'ConditionRemoved':
        if (e.reason !== 'relinked') {
          const own = words.conditions && Object.hasOwn(words.conditions, e.conditionId) ? words.conditions[e.conditionId]! : null;
          out.push(`${own ? namePhrase(own.removed, nameOf(e.creatureId)) : `${nameOf(e.creatureId)} is no longer ${conditionText(e.conditionId)}`}: ${e.reason}`);
        }
        break;
      case 'ConditionUpdated':
        if (e.level !== undefined) out.push(`${nameOf(e.creatureId)}'s ${conditionText(conditionOf(e.instanceId))} is now level ${e.level}`);
        break;
      case 'TrackSet':
        out.push(`${nameOf(e.creatureId)}'s ${e.track} is now ${e.value}`);
        break;
      case 'StatusSet':
        out.push(e.status === 'escaped' ? `${nameOf(e.creatureId)} has escaped` : `${nameOf(e.creatureId)} is now ${e.status}`);
        break;
      case 'TallySet': {
        // The ruleset's words for its own tallies; a tally it does not know (a GM's own) by its key.
        const phrase = words.tallies && Object.hasOwn(words.tallies, e.key) ? words.tallies[e.key]! : null;
        out.push(phrase ? countPhrase(phrase, e.value, nameOf(e.creatureId)) : `${nameOf(e.creatureId)}'s ${e.key} tally is now ${e.value}`);
        break;
      }
      case 'CounterSet': {
        const phrase = words.counters && Object.hasOwn(words.counters, e.key) ? words.counters[e.key]! : null;
        out.push(phrase ? countPhrase(phrase, e.value) : `Counter ${e.key} is now ${e.value}`);
        break;
      }
      case 'RuleApplied':
        out.push(`  [${e.ruleId}] ${e.text}`);
        break;
      case 'ResolutionPaused':
        for (const p of e.pending.open) {
          if (prompts.has(p.id)) continue;
          prompts.set(p.id, p);
          out.push(`  ? ${p.text} (asks ${principalText(p.to, seats)}; ${inputText(p)})`);
        }
        break;
      case 'PromptAnswered': {
        const p = prompts.get(e.promptId);
        const question = p ? p.text : (e.text ?? promptIdText(e.promptId, names));
        // An answer given without the prompt in view (a policy's) reads as its option's label, or a creature's name.
        const answer = !p && e.label !== undefined ? e.label
          : !p && typeof e.answer === 'string' && names.has(e.answer) ? names.get(e.answer)! : answerText(p, e.answer);
        out.push(`  ${question} → ${answer}, ${byText(e.by, seats)}`);
        break;
      }
      case 'CommandUndone':
        out.push(`Undo: command ${e.commandId} is taken back`);
        break;
      case 'EncounterEnded':
        out.push(`The encounter is over: ${e.reason}`);
        break;
      case 'SpaceChanged':
        if (e.moved) out.push(`${nameOf(e.moved)} moves`);
        break;
      // Bookkeeping the table does not need to hear about.
      case 'TurnEnded':
      case 'ResourceSet':
      case 'VarSet':
      case 'ClockAdvanced':
      case 'ResolutionEnded':
        break;
    }
  });
  return out;
}

/** Which DiceRolled event feeds which TestResolved / DamageApplied, so they print as one line. */
function pairRolls(events: readonly FrayEventBody[]): { rollFor: Map<number, Ev<'DiceRolled'>>; consumed: Set<number> } {
  const rollFor = new Map<number, Ev<'DiceRolled'>>();
  const consumed = new Set<number>();
  events.forEach((e, i) => {
    if (e.type !== 'TestResolved' && e.type !== 'DamageApplied') return;
    for (let j = i - 1; j >= 0; j--) {
      const r = events[j]!;
      if (r.type === 'TestResolved' || r.type === 'DamageApplied') return;
      if (r.type !== 'DiceRolled' || consumed.has(j)) continue;
      const fits =
        e.type === 'TestResolved'
          ? r.purpose === e.kind && r.roller === e.actor
          : (isDamagePurpose(r.purpose) || r.purpose.startsWith('ongoing')) && r.roller === e.source;
      if (fits) {
        rollFor.set(i, r);
        consumed.add(j);
        return;
      }
    }
  });
  return { rollFor, consumed };
}

/** An implied condition is added, removed ('relinked') and added again with its parent: print it once. */
function relinkedAdds(events: readonly FrayEventBody[]): Set<number> {
  const skip = new Set<number>();
  events.forEach((e, i) => {
    if (e.type !== 'ConditionRemoved' || e.reason !== 'relinked') return;
    for (let j = i - 1; j >= 0; j--) {
      const a = events[j]!;
      if (a.type === 'ConditionAdded' && a.creatureId === e.creatureId && a.condition.instanceId === e.instanceId) {
        skip.add(j);
        return;
      }
    }
  });
  return skip;
}

/** 'damage', or a named one such as 'Longsword damage' (a ruleset's attack or a world effect). */
const isDamagePurpose = (purpose: string) => purpose === 'damage' || purpose.endsWith(' damage');

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * What a roll is for, after "rolls": the rules write purposes to read so ("a Hit Die", "the travel turn");
 * a d20 test's own roll, printed alone when a question came between it and its result, is named here.
 */
function rollPurpose(purpose: string): string {
  if (purpose === 'attack') return 'the d20 for an attack';
  if (purpose === 'save' || purpose === 'check') return `the d20 for a ${purpose}`;
  return purpose;
}
const signed = (n: number) => (n < 0 ? `- ${-n}` : `+ ${n}`);
const conditionOf = (instanceId: string) => instanceId.replace(/#\d+$/, '');

function principalText(p: Principal, seats: ReadonlyMap<string, string>): string {
  return p.role === 'gm' ? 'the GM' : (seats.get(p.seat) ?? p.seat);
}

function byText(by: Principal | 'policy' | 'default' | 'preAnswer', seats: ReadonlyMap<string, string>): string {
  if (by === 'policy') return 'by policy';
  if (by === 'default') return 'by default';
  if (by === 'preAnswer') return 'answered ahead';
  return `by ${principalText(by, seats)}`;
}

function inputText(p: PromptSpec): string {
  switch (p.input.kind) {
    case 'choice':
      return p.options.map((o) => o.id).join(' | ');
    case 'number':
      return `a number ${p.input.min}..${p.input.max}`;
    case 'dice':
      return `dice: ${p.input.dice.map((d) => `${d.count}d${d.sides}`).join(' ')}`;
  }
}

function answerText(p: PromptSpec | undefined, answer: Json): string {
  if (typeof answer === 'string') {
    return p?.options.find((o) => o.id === answer)?.label ?? answer;
  }
  return JSON.stringify(answer);
}

/** A prompt answered without being asked (policy, pre-answer) is known only by its id: `<command>.<n>.<key>[.<about>]`. */
function promptIdText(id: string, names: Map<string, string>): string {
  const m = /^.*?\.\d+(?:\.\d+)?\.(.+)$/.exec(id);
  const rest = m?.[1] ?? id;
  for (const [cid, name] of names) if (rest.endsWith(`.${cid}`)) return `${rest.slice(0, -cid.length - 1)} (${name})`;
  return rest;
}

/** 14400 → "4 hours", 90 → "1 minute 30 seconds", 6 → "6 seconds". */
export function timeText(seconds: number): string {
  const units: [number, string][] = [[86400, 'day'], [3600, 'hour'], [60, 'minute'], [1, 'second']];
  const parts: string[] = [];
  let left = Math.max(0, Math.round(seconds));
  for (const [size, name] of units) {
    const n = Math.floor(left / size);
    if (!n) continue;
    parts.push(`${n} ${name}${n === 1 ? '' : 's'}`);
    left -= n * size;
    if (parts.length === 2) break;
  }
  return parts.length ? parts.join(' ') : '0 seconds';
}

/** How long a condition lasts, said of `subject` (its own turns are "its" turns), and a note on how it ends. */
function durationText(d: Duration, nameOf: (id: string) => string, subject: string): { text: string; note?: string } {
  switch (d.kind) {
    case 'untilRemoved':
      return { text: '' };
    case 'turns': {
      const whose = d.creatureId === subject ? 'its' : `${nameOf(d.creatureId)}'s`;
      return d.count === 1
        ? { text: ` until the ${d.boundary} of ${whose} next turn` }
        : { text: ` for ${d.count} turns`, note: `counted at the ${d.boundary} of ${whose} turns` };
    }
    case 'gameTime':
      return { text: ` for ${timeText(d.seconds)}` };
    case 'saveEnds':
      return { text: ' until it saves', note: `a save at the ${d.timing} of each of its turns` };
    case 'untilRest':
      return { text: ` until a ${d.rest} rest` };
    case 'endOfEncounter':
      return { text: ' until the end of the encounter' };
  }
}

/** "d20 14", or with advantage "d20 14 (advantage from target prone: rolled 14 and 3, kept 14)". */
function d20Text(t: Ev<'TestResolved'>, roll: RollRecord | undefined): string {
  const mode = t.breakdown.rollMode;
  const from = (m: 'advantage' | 'disadvantage') =>
    mode.sources.filter((s) => s.applied && s.mode === m).map((s) => s.label).join(', ');
  const [first, ...extra] = roll?.terms ?? [];
  let text: string;
  if (first?.kind === 'dice' && first.faces.length > 1) {
    const kept = first.faces.find((f) => f.kept)?.value ?? first.subtotal;
    const rolled = first.faces.map((f) => f.value).join(' and ');
    const why = mode.verdict === 'advantage' || mode.verdict === 'disadvantage' ? `${mode.verdict} from ${from(mode.verdict)}` : first.keep?.mode === 'kl' ? 'disadvantage' : 'advantage';
    text = `d20 ${kept} (${why}: rolled ${rolled}, kept ${kept})`;
  } else {
    text = `d20 ${first?.subtotal ?? t.breakdown.natural ?? '?'}`;
    if (mode.verdict === 'cancelled') text += ` (advantage and disadvantage cancel: ${mode.sources.filter((s) => s.applied).map((s) => s.label).join(', ')})`;
  }
  for (const term of extra) text += ` ${termText(term)}`;
  return text;
}

function termText(term: TermRecord): string {
  const sign = term.sign < 0 ? '-' : '+';
  if (term.kind === 'constant') return `${sign} ${term.value}${term.label ? ` ${term.label}` : ''}`;
  const faces = term.faces.length > 1 ? ` [${term.faces.map((f) => (f.kept ? `${f.value}` : `~${f.value}~`)).join(', ')}]` : '';
  return `${sign} ${term.count}d${term.sides}${term.label ? ` ${term.label}` : ''} ${Math.abs(term.subtotal)}${faces}`;
}

function rowText(r: BreakdownRow): string {
  return r.id === 'base' ? signed(r.value) : `${signed(r.value)} ${r.label}`;
}

/** "Ogre attacks Ana: d20 14 + 6 = 20 vs AC 16, hit", with unapplied modifiers and their reasons. */
export function testLine(t: Ev<'TestResolved'>, roll: RollRecord | undefined, nameOf: (id: string | null) => string, words: RulesetWords = {}): string {
  const actor = cap(nameOf(t.actor));
  const base = t.breakdown.rows.find((r) => r.id === 'base');
  // The base row names the test only when it is the test's name ("DEX save", "Athletics check"), not a bonus's.
  // An ability with its skill ("DEX (stealth)") is a check of that ability; an ability's modifier ("DEX mod") names its test.
  const abilityOf = base ? /^([A-Z]{3}) mod$/.exec(base.label)?.[1] : undefined;
  const named = (word: 'save' | 'check') =>
    !base ? word : new RegExp(`\\b${word}$`, 'i').test(base.label) ? base.label : word === 'check' && /^[A-Z]{3} \(/.test(base.label) ? `${base.label} check` : abilityOf ? `${abilityOf} ${word}` : word;
  const ownKind = words.tests && Object.hasOwn(words.tests, t.kind) ? namePhrase(words.tests[t.kind]!, actor) : null;
  const against = t.target ? ` against ${nameOf(t.target)}` : '';
  const subject =
    t.kind === 'attack'
      ? `${actor} attacks ${nameOf(t.target)}`
      : t.kind === 'save' || t.kind === 'check'
        ? `${actor} makes a ${named(t.kind)}${against}`
        : ownKind ? `${ownKind}${against}` : `${actor} rolls for ${t.kind}${against}`;
  const versus = t.against ? ` vs ${againstText(t.against.label, t.against.value)}` : '';
  const outcome = t.kind === 'attack' ? ({ success: 'hit', failure: 'miss' } as Record<string, string>)[t.outcome] ?? t.outcome : t.outcome;
  if (!roll && t.breakdown.natural === null) {
    const verb = ({ success: 'succeeds', failure: 'fails', hit: 'hits', miss: 'misses', crit: 'is a critical hit' } as Record<string, string>)[outcome] ?? outcome;
    return `${subject}${versus}: ${verb} automatically${t.ruleId && t.ruleId !== 'auto-fail' ? ` [${t.ruleId}]` : ''}`;
  }
  const mode = t.breakdown.rollMode;
  const parts = [d20Text(t, roll), ...t.breakdown.rows.filter((r) => r.applied).map(rowText)];
  if (mode.bonus) parts.push(`${signed(mode.bonus)} (${mode.verdict === 'flat' ? (mode.bonus > 0 ? 'advantage' : 'disadvantage') : mode.verdict}: ${mode.sources.filter((s) => s.applied).map((s) => s.label).join(', ')})`);
  const natural = t.breakdown.natural === 20 || t.breakdown.natural === 1 ? ` (natural ${t.breakdown.natural})` : '';
  const skipped = [
    ...t.breakdown.rows.filter((r) => !r.applied).map((r) => `${r.label} ${signed(r.value)} (${r.reason ? (NOT_APPLIED[r.reason] ?? r.reason) : 'not applied'}${r.by ? ` by ${r.by}` : ''})`),
    ...mode.sources.filter((s) => !s.applied).map((s) => `${s.mode} from ${s.label} (${NOT_APPLIED['predicate-false']})`),
  ];
  // A roll with nothing to beat (initiative) has no outcome worth saying.
  const verdict = !t.against && t.outcome === 'done' ? '' : `, ${outcome}`;
  return `${subject}: ${parts.join(' ')} = ${t.breakdown.total}${versus}${verdict}${natural}${skipped.length ? `; not applied: ${skipped.join(', ')}` : ''}`;
}

/** Why a modifier or a roll mode did not count, in the table's words (the engine's reasons are codes). */
const NOT_APPLIED: Record<string, string> = {
  'predicate-false': 'not in this situation',
  'same-effect': 'the same effect counts once',
};

/** "AC 17 (half cover +2)", "DC 11 (Bite)": the number right after the defence's name, what explains it after. */
function againstText(label: string, value: number): string {
  const m = /^([^(]+?) \((.+)\)$/.exec(label);
  return m ? `${m[1]} ${value} (${m[2]})` : `${label} ${value}`;
}

/** "2d8+4 → 5+3 +4": every face, dropped ones as ~n~. */
function facesText(r: RollRecord): string {
  return r.terms
    .map((t, k) => {
      const body = t.kind === 'constant' ? `${t.value}` : t.faces.map((f) => (f.kept ? `${f.value}` : `~${f.value}~`)).join('+');
      if (k === 0) return t.sign < 0 ? `-${body}` : body;
      if (t.kind === 'constant') return ` ${t.sign < 0 ? '-' : '+'}${body}`;
      return ` ${t.sign < 0 ? '-' : '+'} ${body}`;
    })
    .join('');
}

/** "  2d8+4 → 5+3 +4 = 12 bludgeoning; Ana 20 → 8 HP", with resistances and temporary HP on the way. */
export function damageLine(d: Ev<'DamageApplied'>, roll: { record: RollRecord; purpose: string } | undefined, nameOf: (id: string | null) => string): string {
  const target = nameOf(d.target);
  const rolled = d.rows.filter((r) => r.step === 'rolled');
  // 'damage' and 'total' are the untyped damage of rulesets without damage types (and spilled totals).
  const untyped = (type: string) => type === 'damage' || type === 'total';
  const types = rolled.length === 1 ? (untyped(rolled[0]!.type) ? '' : ` ${rolled[0]!.type}`) : rolled.length > 1 ? ` (${rolled.map((r) => `${r.before}${untyped(r.type) ? '' : ` ${r.type}`}`).join(' + ')})` : '';
  const dealt = rolled.reduce((a, r) => a + r.before, 0);
  const steps = d.rows
    .filter((r) => r.step !== 'rolled')
    .map((r) => (r.step === 'tempHp' ? `, ${r.note ?? `${d.absorbed} absorbed by temporary hit points`}` : `, ${r.note ?? r.step}: ${r.type === 'total' ? '' : `${r.type} `}${r.before} → ${r.after}`))
    .join('');
  const hp = d.hpBefore === undefined ? '' : `; ${target} ${d.hpBefore} → ${d.hpAfter} HP`;
  if (!roll) return `${cap(target)} takes ${d.total}${types} damage${steps}${hp}`;
  const rollTypes = types || (rolled.length === 1 ? ' damage' : '');
  // A roll with no dice (a fixed miss damage) is its number; more dealt than rolled (a critical hit
  // doubling, a targeted attack's neck damage added) says the whole.
  const total = roll.record.terms.some((x) => x.kind === 'dice')
    ? `${roll.record.expression.replace(/ ([+-]) /g, '$1')} → ${facesText(roll.record)} = ${roll.record.total}`
    : `${roll.record.total}`;
  const formula = rolled.length && dealt !== roll.record.total
    ? `${total} → ${dealt}${rollTypes}${steps}${hp}`
    : `${total}${rollTypes}${steps}${hp}`;
  // An attack's damage (rolled by its source) reads as the line under the attack roll.
  if (roll.purpose === 'damage' || (d.source !== null && roll.purpose.endsWith(' damage'))) return `  ${formula}`;
  return `${cap(target)} takes ${roll.purpose.replace(/ damage$/, '')} damage: ${formula}`;
}
