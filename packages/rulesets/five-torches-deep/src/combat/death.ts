import { z } from 'zod';
import { CAMPAIGN_VARS, addCondition, advanceClock, heal, removeInstance, type CommandDef, type ConditionDef, type EncounterState, type Json, type Resolution } from '@fray/engine';
import { abilityIds, type Ability } from '../sheet/stat-block';
import { ftdCheck, type FtdCheckRequest } from '../core/check';
import { actRefusal, inRounds, spend, type Refusal, type Rules } from '../core/economy';
import { diceRefusal } from '../core/dice-text';
import { creatureIn, isPc, isProficient, scores } from '../core/sheet';
import type { FtdModule } from '../module';
import { moraleOnDeath } from './morale-triggers';
import { deathVars } from '../settings';

/** One minute is ten 6-second rounds, the dropping round counted first (FTD-DEATH-2). */
export const WINDOW_ROUNDS = 10;
/** The stabilizing check's DC when the table names none (FTD-DEATH-3). */
export const STABILIZE_DC = 11;

const conditions: ConditionDef[] = [
  { id: 'incapacitated', name: 'Incapacitated', ruleId: 'FTD-DEATH-1', effects: [{ kind: 'forbid', what: 'action', ruleId: 'FTD-DEATH-1' }] },
  {
    id: 'injured', name: 'Injured (disadvantage on all checks)', ruleId: 'FTD-INJURY-4',
    effects: [{ kind: 'rollMode', selector: 'check', subject: 'self', mode: 'disadvantage', ruleId: 'FTD-INJURY-4' }],
  },
  { id: 'drained', name: 'Drained (an ability at 0)', ruleId: 'FTD-INJURY-2', implies: ['incapacitated'], effects: [] },
];

export function die(ctx: Resolution, id: string, why: string, ruleId: string): void {
  const c = creatureIn(ctx.state, id);
  if (c.status === 'dead') return;
  ctx.emit({ type: 'StatusSet', creatureId: id, status: 'dead', ruleId });
  ctx.emit({ type: 'RuleApplied', ruleId, text: `${c.name} dies: ${why}`, creatureId: id });
  if (c.hp > 0) ctx.emit({ type: 'HitPointsSet', target: id, hp: 0, reason: why, ruleId });
  moraleOnDeath(ctx, id);
}

/**
 * Seconds on the game clock when a round ends. The clock stands at the current round's start (it
 * moves at each new round), and a fight inside a campaign starts at the campaign's time, not at 0.
 */
const endOfRound = (ctx: Resolution, round: number) => ctx.state.clockSeconds + (round - ctx.state.round + 1) * ctx.state.roundSeconds;

/**
 * The fight is over: whoever dropped more than a minute ago dies now; the others keep what is left of
 * their minute, counted in seconds from here (FTD-DEATH-2). The clock moves to the end of the last round,
 * and says so, so a campaign writing the fight back does not count that round twice.
 */
export function fightEnds(ctx: Resolution): void {
  const round = ctx.state.round;
  const end = endOfRound(ctx, round);
  const deadlines = new Map<string, number>();
  for (const id of ctx.state.creatureIds) {
    const dropped = creatureIn(ctx.state, id).vars['ftd.droppedRound'];
    if (typeof dropped === 'number') deadlines.set(id, endOfRound(ctx, dropped + WINDOW_ROUNDS - 1));
  }
  if (end > ctx.state.clockSeconds) ctx.emit({ type: 'ClockAdvanced', seconds: end - ctx.state.clockSeconds });
  if (round > 0) ctx.emit({ type: 'VarSet', creatureId: null, key: CAMPAIGN_VARS.roundClocked, value: round });
  ctx.emit({ type: 'VarSet', creatureId: null, key: 'ftd.fightOver', value: true });
  for (const id of ctx.state.creatureIds) {
    const c = creatureIn(ctx.state, id);
    const deadline = deadlines.get(id);
    if (c.status !== 'dying' || deadline === undefined) continue;
    if (deadline <= ctx.state.clockSeconds) die(ctx, id, 'not stabilized by the end of the fight, a minute after dropping', 'FTD-DEATH-2');
    else {
      ctx.emit({ type: 'VarSet', creatureId: id, key: 'ftd.deathAt', value: deadline });
      ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-DEATH-2', text: `${c.name} has ${deadline - ctx.state.clockSeconds} seconds left to be stabilized`, creatureId: id });
    }
  }
}

/** Time passes outside rounds (through the engine's clock, so torches and other timed conditions run out on the way). */
export function passTime(ctx: Resolution, seconds: number): void {
  advanceClock(ctx, seconds, 'time passes');
}

/** Whenever the clock moves outside rounds (waiting, travel, a rest), the dying whose minute ran out die (FTD-DEATH-2). */
function minuteRunsOut(ctx: Resolution): void {
  for (const id of ctx.state.creatureIds) {
    const c = creatureIn(ctx.state, id);
    const at = c.vars['ftd.deathAt'];
    if (c.status === 'dying' && typeof at === 'number' && at <= ctx.state.clockSeconds) die(ctx, id, 'not stabilized within the minute', 'FTD-DEATH-2');
  }
}

const bodyParts = ['hand', 'arm', 'foot', 'leg', 'eye', 'ear'] as const;
const rowNames: Record<Ability, string> = { str: 'Feeble', dex: 'Shaky', con: 'Weak', int: 'Addled', wis: 'Confused', cha: 'Disfigured' };

/** The Injury Table's rows (FTD-INJURY-1..5): what a 1d20 result does. */
export type InjuryRow = { kind: 'dies' } | { kind: 'ability'; ability: Ability } | { kind: 'part' } | { kind: 'injured' } | { kind: 'standing' };

export function injuryRow(r: number): InjuryRow {
  if (r === 1) return { kind: 'dies' };
  if (r <= 7) return { kind: 'ability', ability: abilityIds[r - 2]! };
  if (r <= 13) return { kind: 'part' };
  if (r <= 19) return { kind: 'injured' };
  return { kind: 'standing' };
}

/** The Injury Table's dice and what each roll is for, as the log names them (a compiled fight records the same). */
export const injuryDice = {
  table: { dice: '1d20', purpose: 'on the injury table' },
  loss: { dice: '1d6', purpose: (a: Ability) => `the loss for ${rowNames[a]} (injury table)` },
  standing: { dice: '1d8', purpose: 'the healing for Standing (injury table)' },
} as const;

/** One roll on the Injury Table for a stabilized PC, then its row applied (FTD-INJURY-1..5). Returns false when it dies. */
function injuryRoll(ctx: Resolution, id: string, hp: number): boolean {
  const c = () => creatureIn(ctx.state, id);
  const r = ctx.roll(injuryDice.table.dice, { roller: id, purpose: injuryDice.table.purpose }).total;
  const row = injuryRow(r);
  if (row.kind === 'dies') {
    die(ctx, id, 'a false hope (injury table 1)', 'FTD-INJURY-1');
    return false;
  }
  setStabilizedHp(ctx, id, hp);
  if (row.kind === 'ability') {
    const ability = row.ability;
    const loss = ctx.roll(injuryDice.loss.dice, { roller: id, purpose: injuryDice.loss.purpose(ability) }).total;
    const now = scores(creatureIn(ctx.state, id));
    const after = Math.max(0, now[ability] - loss);
    ctx.emit({ type: 'VarSet', creatureId: id, key: 'abilities', value: { ...now, [ability]: after } });
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-INJURY-2', text: `${rowNames[ability]}: ${c().name} loses ${loss} ${ability.toUpperCase()} (${now[ability]} → ${after})`, creatureId: id });
    if (after === 0 && ability === 'con') die(ctx, id, 'CON 0', 'FTD-INJURY-2');
    else if (after === 0) addCondition(ctx, id, 'drained', { source: 'injury', ruleId: 'FTD-INJURY-2', data: { ability } });
  } else if (row.kind === 'part') {
    const part = ctx.ask({
      key: 'ftd.injury.bodyPart', to: { role: 'gm' }, about: id, ruleId: 'FTD-INJURY-3',
      text: `${c().name} loses a body part (injury table ${r}). Which?`,
      options: bodyParts.map((p) => ({ id: p, label: p })), default: 'hand',
    }) as string;
    const lost = Array.isArray(c().vars['lostParts']) ? (c().vars['lostParts'] as Json[]) : [];
    ctx.emit({ type: 'VarSet', creatureId: id, key: 'lostParts', value: [...lost, part] });
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-INJURY-3', text: `${c().name} loses a ${part}`, creatureId: id });
  } else if (row.kind === 'injured') {
    addCondition(ctx, id, 'injured', { source: 'injury', ruleId: 'FTD-INJURY-4', duration: { kind: 'untilRest', rest: 'night' } });
  } else {
    const more = ctx.roll(injuryDice.standing.dice, { roller: id, purpose: injuryDice.standing.purpose }).total;
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-INJURY-5', text: `Standing: ${c().name} heals ${more} more`, creatureId: id });
    heal(ctx, id, more, 'injury', 'FTD-INJURY-5');
  }
  return creatureIn(ctx.state, id).status !== 'dead';
}

function setStabilizedHp(ctx: Resolution, id: string, healed: number): void {
  const c = creatureIn(ctx.state, id);
  const hp = Math.max(1, Math.min(c.maxHp, healed));
  ctx.emit({ type: 'HitPointsSet', target: id, hp, reason: healed > 0 ? 'stabilized by healing' : 'stabilized at 1 HP', ruleId: 'FTD-DEATH-4' });
}

/** Stabilized: an injury roll for a PC, 1 HP or the healing rolled, back on its feet (FTD-DEATH-4). */
export function stabilize(ctx: Resolution, id: string, healed: number, how: string): void {
  const c = creatureIn(ctx.state, id);
  ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-DEATH-3', text: `${c.name} is stabilized (${how})`, creatureId: id });
  for (const k of ['ftd.droppedRound', 'ftd.deathAt']) if (c.vars[k] !== undefined) ctx.emit({ type: 'VarSet', creatureId: id, key: k, value: null });
  let roll = isPc(c);
  if (!roll) {
    roll = ctx.ask({
      key: 'ftd.injury.npc', to: { role: 'gm' }, about: id, ruleId: 'FTD-DEATH-4',
      text: `${c.name} is stabilized. Roll on the Injury Table for this NPC?`,
      options: [{ id: 'no', label: 'No: back to 1 HP' }, { id: 'roll', label: 'Roll an injury' }], default: 'no',
    }) === 'roll';
  }
  // The 0 HP incapacitation ends here; one an injury brings (a drained score) stays.
  const down = creatureIn(ctx.state, id).conditions.find((x) => x.conditionId === 'incapacitated' && !x.impliedBy);
  if (down) removeInstance(ctx, id, down, 'stabilized', 'FTD-DEATH-4');
  // No longer dying from here on, even while the GM is still asked about the injury (a dying creature is at 0 HP).
  ctx.emit({ type: 'StatusSet', creatureId: id, status: 'conscious', ruleId: 'FTD-DEATH-4' });
  if (roll && !injuryRoll(ctx, id, healed)) return;
  if (!roll) setStabilizedHp(ctx, id, healed);
}

const stabilizeMethods = ['check', 'spell', 'heal'] as const;

/** The ability check that stabilizes (FTD-DEATH-3): WIS unless the GM names another, PB with healing or medicine, DC 11 unless named. */
export function stabilizeCheck(state: EncounterState, actorId: string, targetId: string, ability: Ability = 'wis', dc = STABILIZE_DC): FtdCheckRequest {
  const actor = creatureIn(state, actorId);
  return {
    kind: 'check', actor: actorId, target: targetId, ability, proficient: isProficient(actor, 'healing') || isProficient(actor, 'medicine'),
    against: { label: 'stabilize DC', value: dc }, selectors: ['check:stabilize'], ruleId: 'FTD-DEATH-3',
  };
}

/**
 * Why it cannot try to stabilize `targets[0]` now (FTD-DEATH-3, FTD-HEAL-6): an ally at 0 HP and dying,
 * a known method (a check with a known ability, a spell, healing with its dice), dice that can be rolled,
 * an active action on its turn. Whether it works is the roll's.
 */
export function stabilizeRefusal(ctx: Rules, actorId: string, targets: readonly string[], options: Readonly<Record<string, Json>>): Refusal | null {
  const targetId = targets[0];
  if (!targetId) return { code: 'no-target', message: 'stabilize needs the creature at 0 HP as its target' };
  const t = creatureIn(ctx.state, targetId);
  if (t.status !== 'dying') return { code: 'not-dying', message: `${t.name} is not at 0 HP and dying`, ruleId: 'FTD-DEATH-3' };
  if (t.side !== creatureIn(ctx.state, actorId).side || targetId === actorId) return { code: 'not-an-ally', message: 'only an ally can stabilize a creature', ruleId: 'FTD-DEATH-3' };
  const method = options['method'] ?? 'check';
  if (!(stabilizeMethods as readonly Json[]).includes(method)) return { code: 'bad-option', message: `method is one of ${stabilizeMethods.join(', ')}` };
  const dice = options['dice'];
  if (method === 'heal' && typeof dice !== 'string') return { code: 'bad-option', message: 'healing names its dice (options.dice, e.g. "3d6")', ruleId: 'FTD-HEAL-6' };
  const unrollable = method !== 'check' && typeof dice === 'string' ? diceRefusal(dice, 'FTD-HEAL-6') : null;
  if (unrollable) return unrollable;
  const act = actRefusal(ctx, actorId, 'active');
  if (act) return act;
  const ability = typeof options['ability'] === 'string' ? options['ability'] : 'wis';
  return method !== 'check' || (abilityIds as readonly string[]).includes(ability) ? null : { code: 'bad-option', message: `ability is one of ${abilityIds.join(', ')}` };
}

function stabilizeAction(ctx: Resolution, actorId: string, targets: string[], options: Record<string, Json>): void {
  const refusal = stabilizeRefusal(ctx, actorId, targets, options);
  if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
  const targetId = targets[0]!;
  const method = (options['method'] ?? 'check') as string;
  const dice = options['dice'];
  spend(ctx, actorId, 'active');
  if (method === 'check') {
    const ability = (typeof options['ability'] === 'string' ? options['ability'] : 'wis') as Ability;
    const dc = typeof options['dc'] === 'number' ? options['dc'] : STABILIZE_DC;
    const actor = () => creatureIn(ctx.state, actorId);
    const r = ftdCheck(ctx, stabilizeCheck(ctx.state, actorId, targetId, ability, dc));
    if (r.outcome === 'success') stabilize(ctx, targetId, 0, `${actor().name}'s check`);
    return;
  }
  const healed = typeof dice === 'string' ? Math.max(0, ctx.roll(dice, { roller: actorId, purpose: 'healing' }).total) : 0;
  stabilize(ctx, targetId, healed, method === 'spell' ? 'a spell' : 'healing');
}

const endFightSchema = z.object({ type: z.literal('ftd.endFight') }).strict();
const passTimeSchema = z.object({ type: z.literal('ftd.passTime'), seconds: z.number().int().min(1).max(86_400 * 30) }).strict();

const passTimeCommand: CommandDef = {
  type: 'ftd.passTime', gmOnly: true, schema: passTimeSchema as never,
  run: (ctx, raw) => {
    if (inRounds(ctx)) ctx.reject('in-rounds', 'in a fight time passes by rounds: end the fight first (ftd.endFight)');
    passTime(ctx, (raw as unknown as z.infer<typeof passTimeSchema>).seconds);
  },
};

export const deathModule: FtdModule = {
  id: 'death',
  creatureVars: deathVars,
  conditions,
  hooks: [
    {
      stage: 'hp.zero', id: 'ftd.death.drop', priority: 0, ruleId: 'FTD-DEATH-1',
      run: (ctx, p) => {
        const c = creatureIn(ctx.state, p.creatureId);
        if (c.status === 'dead') return;
        if (p.before === 0) {
          const kill = ctx.ask({
            key: 'ftd.killingBlow', to: { role: 'gm' }, about: c.id, ruleId: 'FTD-DEATH-5',
            text: `${c.name} is already at 0 HP and takes more damage. A killing blow?`,
            options: [{ id: 'no-effect', label: 'No further effect' }, { id: 'kill', label: 'It kills' }], default: 'no-effect',
          });
          if (kill === 'kill') die(ctx, c.id, 'a killing blow at 0 HP', 'FTD-DEATH-5');
          return;
        }
        ctx.emit({ type: 'StatusSet', creatureId: c.id, status: 'dying', ruleId: 'FTD-DEATH-1' });
        addCondition(ctx, c.id, 'incapacitated', { source: p.source, ruleId: 'FTD-DEATH-1' });
        if (inRounds(ctx)) {
          ctx.emit({ type: 'VarSet', creatureId: c.id, key: 'ftd.droppedRound', value: ctx.state.round });
          ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-DEATH-2', text: `${c.name} dies unless stabilized by the end of round ${ctx.state.round + WINDOW_ROUNDS - 1} or the end of the fight, whichever is later`, creatureId: c.id });
        } else {
          ctx.emit({ type: 'VarSet', creatureId: c.id, key: 'ftd.deathAt', value: ctx.state.clockSeconds + 60 });
          ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-DEATH-2', text: `${c.name} dies unless stabilized within a minute`, creatureId: c.id });
        }
      },
    },
    { stage: 'clock.advanced', id: 'ftd.death.minute-runs-out', priority: 0, ruleId: 'FTD-DEATH-2', run: (ctx) => minuteRunsOut(ctx) },
    {
      stage: 'encounter.end', id: 'ftd.death.encounter-end', priority: 0, ruleId: 'FTD-DEATH-2',
      run: (ctx) => {
        if (ctx.state.phase === 'combat' && ctx.state.vars['ftd.fightOver'] !== true) fightEnds(ctx);
      },
    },
  ],
  actions: { stabilize: stabilizeAction },
  commands: [
    {
      type: 'ftd.endFight', gmOnly: true, schema: endFightSchema as never,
      run: (ctx) => {
        if (!inRounds(ctx)) ctx.reject('no-fight', 'no fight is going on', 'FTD-DEATH-2');
        fightEnds(ctx);
      },
    },
    passTimeCommand,
  ],
  campaignCommands: [passTimeCommand],
};
