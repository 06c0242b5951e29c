import { z } from 'zod';
import {
  addCondition, currentCreatureId, dealDamage, endEncounter, endTurn, placeInOrder, rollInitiativeFor,
  type CommandDef, type Json, type Resolution,
} from '@fray/engine';
import type { ThirteenModule } from '../module';
import { damageTypes, type Attack } from '../sheet/stat-block';
import { isPc, hostile } from '../core/sheets';
import { actionRefusal, cannotAct, setVar, spendAction, type Refusal, type Rules } from '../core/economy';
import { resolveAttack } from '../combat/attack';
import { unarmedAttack } from '../combat/actions';
import { pcSheet } from '../core/sheets';
import { ESC, UNBOUND } from './flow';

const id = z.string().min(1).max(200);
type Cmd<S extends z.ZodType> = CommandDef<z.infer<S>>;
function def<S extends z.ZodType>(type: string, schema: S, rest: Omit<Cmd<S>, 'type' | 'schema'>): CommandDef {
  return { type, schema, ...rest } as unknown as CommandDef;
}

const escalation = z.object({ type: z.literal('13a.escalation'), mode: z.enum(['hold', 'reset', 'unbind', 'bind']) }).strict();
const delay = z.object({ type: z.literal('13a.delay'), creatureId: id }).strict();
const actNow = z.object({ type: z.literal('13a.actNow'), creatureId: id }).strict();
const ready = z.object({ type: z.literal('13a.ready'), creatureId: id, attack: id, targets: z.array(id).min(1).max(20), trigger: z.string().min(1).max(300) }).strict();
const takeReadied = z.object({ type: z.literal('13a.takeReadied'), creatureId: id, before: id }).strict();
const ambush = z.object({ type: z.literal('13a.ambush'), nominee: id }).strict();
const fightInSpirit = z.object({ type: z.literal('13a.fightInSpirit'), creatureId: id, story: z.string().min(1).max(1000) }).strict();
const grantSpirit = z.object({ type: z.literal('13a.grantSpirit'), from: id, allyId: id, stat: z.enum(['attack', 'ac', 'pd', 'md']), value: z.union([z.literal(1), z.literal(2)]), rounds: z.union([z.literal(1), z.literal(2)]) }).strict();
const autoDamage = z.object({
  type: z.literal('13a.damage'), target: id, parts: z.array(z.object({ type: z.string().min(1), amount: z.number().int().min(0).max(10_000) }).strict()).min(1).max(5),
  magical: z.boolean().optional(), natural: z.number().int().min(1).max(20).optional(),
}).strict();
const flee = z.object({ type: z.literal('13a.proposeFlee'), creatureId: id }).strict();

const untouched = (ctx: Rules, cid: string) => ['standard', 'move', 'quick'].every((k) => (ctx.state.creatures[cid]!.resources[k] ?? 0) === 1);
const hasVar = (ctx: Rules, cid: string, key: string) => { const v = ctx.state.creatures[cid]!.vars[key]; return v !== undefined && v !== null; };

const refuse = (ctx: Resolution, r: Refusal | null): void => {
  if (r) ctx.reject(r.code, r.message, r.ruleId);
};

type Readied = { attack: string; targets: string[]; trigger: string };
const readiedOf = (ctx: Rules, cid: string) => ctx.state.creatures[cid]!.vars['readied'] as Readied | null | undefined;

/** Why it cannot delay now (13A-INIT-6): only when its turn comes up, able to act, before doing anything. */
export function delayRefusal(ctx: Rules, c: z.infer<typeof delay>): Refusal | null {
  if (currentCreatureId(ctx.state) !== c.creatureId) return { code: 'not-your-turn', message: `${c.creatureId} can delay only when its turn comes up`, ruleId: '13A-INIT-6' };
  if (cannotAct(ctx, c.creatureId)) return { code: 'cannot-act', message: `${c.creatureId} cannot act and so cannot delay`, ruleId: '13A-INIT-6' };
  if (!untouched(ctx, c.creatureId)) return { code: 'already-acted', message: 'a creature that has acted this turn cannot delay', ruleId: '13A-INIT-6' };
  return null;
}

/** Why it cannot take its delayed turn now (13A-INIT-6): it is not delaying, or no other creature's turn is going on. */
export function actNowRefusal(ctx: Rules, c: z.infer<typeof actNow>): Refusal | null {
  if (!hasVar(ctx, c.creatureId, 'delaying')) return { code: 'not-delayed', message: `${c.creatureId} is not delaying`, ruleId: '13A-INIT-6' };
  const current = currentCreatureId(ctx.state);
  if (!current || current === c.creatureId) return { code: 'no-turn', message: 'a delayed creature acts after another creature\'s turn', ruleId: '13A-INIT-6' };
  return null;
}

/** Why it cannot ready this attack now (13A-INIT-9): an attack of its own at creatures that are there, for the standard action. */
export function readyRefusal(ctx: Rules, c: z.infer<typeof ready>): Refusal | null {
  const own = (ctx.state.creatures[c.creatureId]!.sheet as unknown as { attacks: Attack[] }).attacks;
  if (!own.some((a) => a.id === c.attack) && c.attack !== 'unarmed') return { code: 'unknown-action', message: `no attack '${c.attack}'`, ruleId: '13A-INIT-9' };
  const stray = c.targets.find((t) => !Object.hasOwn(ctx.state.creatures, t));
  if (stray !== undefined) return { code: 'unknown-creature', message: `no target '${stray}'`, ruleId: '13A-INIT-9' };
  return actionRefusal(ctx, c.creatureId, 'standard', '13A-INIT-9');
}

/**
 * Why its readied action cannot go off now, before the GM rules on the trigger (13A-INIT-9/10): nothing
 * readied, its own turn, or a creature to go before that has no place in the order. After that the GM
 * may still say the trigger has not happened, so a command it lets through is the GM's to judge.
 */
export function takeReadiedRefusal(ctx: Rules, c: z.infer<typeof takeReadied>): Refusal | null {
  if (!readiedOf(ctx, c.creatureId)) return { code: 'nothing-readied', message: `${c.creatureId} has nothing readied`, ruleId: '13A-INIT-9' };
  if (currentCreatureId(ctx.state) === c.creatureId) return { code: 'not-your-turn', message: 'a readied action happens between your turns', ruleId: '13A-INIT-9' };
  if (!ctx.state.order.some((e) => e.creatureId === c.before)) return { code: 'not-in-order', message: `${c.before} has no place in the order`, ruleId: '13A-INIT-10' };
  return null;
}

/** Why it cannot fight in spirit now (13A-SPEC-1): a PC out of the fight, once a round. */
export function fightInSpiritRefusal(ctx: Rules, c: z.infer<typeof fightInSpirit>): Refusal | null {
  const me = ctx.state.creatures[c.creatureId]!;
  if (!isPc(me) || !['unconscious', 'dead', 'coma'].includes(me.status)) return { code: 'still-in-the-fight', message: `${me.name} is still in the fight and cannot fight in spirit`, ruleId: '13A-SPEC-1' };
  if (me.vars['spiritRound'] === ctx.state.round) return { code: 'once-per-round', message: 'once per round', ruleId: '13A-SPEC-1' };
  return null;
}

/** Why it cannot propose fleeing now (13A-SPEC-4): only on a PC's own turn; the players' answers decide the rest, never refusing. */
export function proposeFleeRefusal(ctx: Rules, c: z.infer<typeof flee>): Refusal | null {
  if (!isPc(ctx.state.creatures[c.creatureId]!) || currentCreatureId(ctx.state) !== c.creatureId) return { code: 'not-your-turn', message: 'fleeing is proposed on a PC\'s turn', ruleId: '13A-SPEC-4' };
  return null;
}

/**
 * The refusal query of each player-facing command (parsed with its schema first, as dispatch does),
 * answering undefined where a prompt still decides (`takeReadiedRefusal` once up-front checks pass).
 * The GM-only commands (13a.escalation, 13a.ambush, 13a.grantSpirit, 13a.damage) stay with dispatch:
 * no menu, policy or legal-command list offers them.
 */
export const commandQueries: Record<string, (ctx: Rules, command: unknown) => Refusal | null | undefined> = {
  '13a.delay': (ctx, c) => parsed(delay, c, (x) => delayRefusal(ctx, x)),
  '13a.actNow': (ctx, c) => parsed(actNow, c, (x) => actNowRefusal(ctx, x)),
  '13a.ready': (ctx, c) => parsed(ready, c, (x) => readyRefusal(ctx, x)),
  '13a.takeReadied': (ctx, c) => parsed(takeReadied, c, (x) => takeReadiedRefusal(ctx, x) ?? undefined),
  '13a.fightInSpirit': (ctx, c) => parsed(fightInSpirit, c, (x) => fightInSpiritRefusal(ctx, x)),
  '13a.proposeFlee': (ctx, c) => parsed(flee, c, (x) => proposeFleeRefusal(ctx, x)),
};

/** A command its schema refuses is dispatch's to answer (malformed). */
function parsed<S extends z.ZodType>(schema: S, command: unknown, query: (c: z.infer<S>) => Refusal | null | undefined): Refusal | null | undefined {
  const r = schema.safeParse(command);
  return r.success ? query(r.data) : undefined;
}

export const commandsModule: ThirteenModule = {
  id: 'commands',
  commands: [
    /**
     * 13A-ESC-4/5: the GM holds the die for the next round or resets it to 0. A house rule beyond the
     * catalog: the GM may unbind the die so it keeps rising past 6 (and bind it again, back to 6 at most).
     */
    def('13a.escalation', escalation, {
      gmOnly: true,
      run: (ctx, c) => {
        if (c.mode === 'unbind' || c.mode === 'bind') {
          const unbound = c.mode === 'unbind';
          if ((ctx.state.counters[UNBOUND] === 1) === unbound) return ctx.reject('no-change', `the escalation die is already ${unbound ? 'unbound' : 'bound to 6'}`, '13A-ESC-1');
          ctx.emit({ type: 'CounterSet', key: UNBOUND, value: unbound ? 1 : 0, ruleId: '13A-ESC-1' });
          if (!unbound && (ctx.state.counters[ESC] ?? 0) > 6) ctx.emit({ type: 'CounterSet', key: ESC, value: 6, ruleId: '13A-ESC-1' });
          ctx.emit({ type: 'RuleApplied', ruleId: '13A-ESC-1', text: unbound ? 'the GM unbinds the escalation die: it keeps rising past 6' : 'the escalation die is bound again: 6 at most' });
          return;
        }
        if (c.mode === 'hold') {
          ctx.emit({ type: 'CounterSet', key: 'escalationHold', value: 1, ruleId: '13A-ESC-4' });
          ctx.emit({ type: 'RuleApplied', ruleId: '13A-ESC-4', text: 'the escalation die will not advance at the next round' });
        } else {
          ctx.emit({ type: 'CounterSet', key: ESC, value: 0, ruleId: '13A-ESC-5' });
          ctx.emit({ type: 'RuleApplied', ruleId: '13A-ESC-5', text: 'combat virtually stopped: the escalation die resets to 0' });
        }
      },
    }),
    /** 13A-INIT-6: delay instead of acting (only before doing anything this turn). */
    def('13a.delay', delay, {
      actor: (c) => c.creatureId,
      run: (ctx, c) => {
        refuse(ctx, delayRefusal(ctx, c));
        setVar(ctx, c.creatureId, 'delaying', ctx.state.round);
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-INIT-6', text: `${ctx.state.creatures[c.creatureId]!.name} delays`, creatureId: c.creatureId });
        endTurn(ctx);
      },
    }),
    /** 13A-INIT-6/8: take the delayed turn right after the current one; that count is its initiative from now on. */
    def('13a.actNow', actNow, {
      actor: (c) => c.creatureId,
      run: (ctx, c) => {
        refuse(ctx, actNowRefusal(ctx, c));
        const current = currentCreatureId(ctx.state)!;
        setVar(ctx, c.creatureId, 'delaying', null);
        placeInOrder(ctx, c.creatureId, { after: current }, `${c.creatureId} takes its delayed turn after ${current}`);
        ctx.emit({ type: 'RuleApplied', ruleId: ctx.state.round > 1 ? '13A-INIT-8' : '13A-INIT-6', text: `${ctx.state.creatures[c.creatureId]!.name} now acts right after ${ctx.state.creatures[current]!.name}`, creatureId: c.creatureId });
      },
    }),
    /** 13A-INIT-9: ready an attack for a standard action, with a trigger in words. */
    def('13a.ready', ready, {
      actor: (c) => c.creatureId,
      run: (ctx, c) => {
        refuse(ctx, readyRefusal(ctx, c));
        spendAction(ctx, c.creatureId, 'standard', '13A-INIT-9');
        setVar(ctx, c.creatureId, 'readied', { attack: c.attack, targets: c.targets, trigger: c.trigger });
      },
    }),
    /** 13A-INIT-10/11: the readied action goes just before the trigger; the readier now acts right ahead of it. */
    def('13a.takeReadied', takeReadied, {
      actor: (c) => c.creatureId,
      run: (ctx, c) => {
        refuse(ctx, takeReadiedRefusal(ctx, c));
        const r = readiedOf(ctx, c.creatureId)!;
        const ok = ctx.ask({ key: '13a.readyTrigger', to: { role: 'gm' }, about: c.creatureId, text: `Does this match the trigger "${r.trigger}"?`, options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }], default: 'yes' });
        if (ok !== 'yes') return ctx.reject('trigger-not-met', 'the GM rules the trigger has not happened', '13A-INIT-9');
        setVar(ctx, c.creatureId, 'readied', null);
        placeInOrder(ctx, c.creatureId, { before: c.before }, `${c.creatureId} took a readied action before ${c.before}`);
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-INIT-10', text: `${ctx.state.creatures[c.creatureId]!.name} now acts immediately before ${ctx.state.creatures[c.before]!.name}`, creatureId: c.creatureId });
        const pc = pcSheet(ctx.state.creatures[c.creatureId]!);
        const own = (ctx.state.creatures[c.creatureId]!.sheet as unknown as { attacks: Attack[] }).attacks;
        const atk = own.find((a) => a.id === r.attack) ?? (pc ? unarmedAttack(pc.level) : null);
        if (atk) resolveAttack(ctx, { actor: c.creatureId, attack: atk, targets: r.targets.filter((t) => ctx.state.creatures[t]?.status !== 'dead'), mode: 'readied' });
      },
    }),
    /**
     * 13A-AMB-1/2/4: before combat, the ambushers roll; the nominee and its highest ally act in the
     * ambush round; the ambushed roll when it ends (13A-THP-4 drops their temporary hp then).
     */
    def('13a.ambush', ambush, {
      gmOnly: true,
      run: (ctx, c) => {
        if (ctx.state.phase !== 'setup') ctx.reject('already-started', 'an ambush starts the battle', '13A-AMB-1');
        const n = ctx.state.creatures[c.nominee];
        if (!n) return ctx.reject('unknown-creature', `no creature '${c.nominee}'`);
        const side = ctx.state.creatureIds.filter((x) => ctx.state.creatures[x]!.side === n.side);
        const ambushed = ctx.state.creatureIds.filter((x) => ctx.state.creatures[x]!.side !== n.side);
        rollInitiativeFor(ctx, side);
        const others = ctx.state.order.filter((e) => e.creatureId !== c.nominee && side.includes(e.creatureId));
        const seenGroups = new Set<string>();
        const ally = others.find((e) => { if (e.group && seenGroups.has(e.group)) return false; if (e.group) seenGroups.add(e.group); return true; });
        const actors = [c.nominee, ...(ally ? [ally.creatureId] : [])];
        setVar(ctx, null, 'ambushRound', true);
        setVar(ctx, null, 'ambushActors', actors);
        setVar(ctx, null, 'ambushed', ambushed);
        for (const x of ambushed) ctx.emit({ type: 'CreatureUpdated', creatureId: x, changes: { tags: [...ctx.state.creatures[x]!.tags, 'no-initiative'] } });
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-AMB-2', text: `ambush round: only ${actors.join(' and ')} act` });
      },
    }),
    /** 13A-SPEC-1: an out-of-the-fight PC tells how it fights in spirit (once per round). */
    def('13a.fightInSpirit', fightInSpirit, {
      actor: (c) => c.creatureId,
      run: (ctx, c) => {
        refuse(ctx, fightInSpiritRefusal(ctx, c));
        const me = ctx.state.creatures[c.creatureId]!;
        setVar(ctx, c.creatureId, 'spiritRound', ctx.state.round);
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-SPEC-1', text: `${me.name} fights in spirit: ${c.story}`, creatureId: c.creatureId });
      },
    }),
    /** 13A-SPEC-2/3: the GM grants one ally +1 (the battle's first: +2) to attacks, AC, PD or MD for 1-2 rounds. */
    def('13a.grantSpirit', grantSpirit, {
      gmOnly: true,
      run: (ctx, c) => {
        const from = ctx.state.creatures[c.from];
        if (!from || from.vars['spiritRound'] !== ctx.state.round) return ctx.reject('no-story', `${c.from} has not fought in spirit this round`, '13A-SPEC-1');
        const ally = ctx.state.creatures[c.allyId];
        if (!ally || !isPc(ally) || hostile(ctx.state, c.from, c.allyId) || c.allyId === c.from) return ctx.reject('illegal-target', 'the bonus goes to an ally', '13A-SPEC-2');
        if (c.value === 2 && ctx.state.vars['spiritUsed'] === true) ctx.reject('not-first', 'only the first fight in spirit of a battle may be +2', '13A-SPEC-2');
        setVar(ctx, null, 'spiritUsed', true);
        // 13A-SPEC-3: "N rounds" runs until the count it was granted on comes up N rounds later.
        const anchor = currentCreatureId(ctx.state) ?? c.allyId;
        addCondition(ctx, c.allyId, 'fight-in-spirit', { source: c.from, ruleId: '13A-SPEC-3', data: { stat: c.stat, value: c.value } as unknown as Json, duration: { kind: 'rounds', rounds: c.rounds, creatureId: anchor, boundary: 'start' } });
      },
    }),
    /** Automatic damage (a trap, a hazard): no attack roll, so resistance gets a stand-in roll (13A-RES-6). */
    def('13a.damage', autoDamage, {
      gmOnly: true,
      run: (ctx, c) => {
        if (!ctx.state.creatures[c.target]) return ctx.reject('unknown-creature', `no creature '${c.target}'`);
        for (const p of c.parts) if (!(damageTypes as readonly string[]).includes(p.type)) ctx.reject('bad-damage-type', `'${p.type}' is not a damage type: ${damageTypes.join(', ')}`, '13A-STAT-7');
        dealDamage(ctx, c.target, c.parts, { source: null, data: { natural: c.natural ?? null, critMult: 1, magical: c.magical ?? false } });
      },
    }),
    /** 13A-SPEC-4: every player must agree; the party escapes and takes a campaign loss. */
    def('13a.proposeFlee', flee, {
      actor: (c) => c.creatureId,
      run: (ctx, c) => {
        refuse(ctx, proposeFleeRefusal(ctx, c));
        const seats = [...new Set(ctx.state.creatureIds.map((x) => ctx.state.creatures[x]!).filter((x) => isPc(x) && x.controller).map((x) => x.controller!))];
        const answers = ctx.askAll(seats.map((seat) => ({ key: '13a.flee', to: { role: 'player' as const, seat }, about: null, text: 'Flee the fight (a campaign loss)?', options: [{ id: 'no', label: 'Keep fighting' }, { id: 'yes', label: 'Flee' }], default: 'no' })));
        if (answers.every((a) => a === 'yes')) {
          ctx.emit({ type: 'RuleApplied', ruleId: '13A-SPEC-4', text: 'the party flees, carrying its fallen: a campaign loss' });
          endEncounter(ctx, 'the party fled (campaign loss)');
        } else ctx.emit({ type: 'RuleApplied', ruleId: '13A-SPEC-4', text: 'not every player agrees: the fight goes on' });
      },
    }),
  ],
  hooks: [
    {
      stage: 'round.start', id: '13a.ambush.end', priority: -10, ruleId: '13A-AMB-4',
      run: (ctx, p) => {
        if (p.round !== 2 || ctx.state.vars['ambushRound'] !== true) return;
        const ambushed = (ctx.state.vars['ambushed'] as string[] | undefined) ?? [];
        for (const x of ambushed) ctx.emit({ type: 'CreatureUpdated', creatureId: x, changes: { tags: ctx.state.creatures[x]!.tags.filter((t) => t !== 'no-initiative') } });
        rollInitiativeFor(ctx, ambushed.filter((x) => ctx.state.creatures[x]!.status !== 'dead'));
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-AMB-4', text: 'the ambushed roll initiative; normal rounds follow' });
      },
    },
  ],
};
