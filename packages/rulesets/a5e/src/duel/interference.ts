import type { CommandDef, Hook, Resolution } from '@fray/engine';
import { z } from 'zod';
import { a5eTest } from '../core/d20';
import { passivePerception } from '../actions/stealth';
import { DUEL_VARS, duelConfig, duelists, inDuel, isDuelist, isSpectator, JUDGE_TAG, opponentOf, type Interference } from './active';
import { endDuel } from './end';

const labels: Record<Interference, string> = {
  'normal-combat': 'Switch to normal combat',
  penalty: 'Penalise the duelist it helps (disadvantage on its next attack roll)',
  forfeit: 'The duelist it helps forfeits',
  ignore: 'Let it pass',
};

/**
 * Interference with the duel (DUEL-SCOPE-2, DUEL-OPT-1): the Narrator picks what follows, with the
 * encounter's `onInterference` as the default: normal combat (DUEL-SCOPE-4), a penalty or a forfeit
 * for the duelist the interference was meant to help (proposed ruling), or nothing.
 */
export function interfere(ctx: Resolution, by: string, helps: string | null, what: string, ruleId = 'DUEL-SCOPE-2'): void {
  if (!inDuel(ctx.state)) return;
  const cfg = duelConfig(ctx.state);
  const order: Interference[] = [cfg.onInterference, ...(['normal-combat', 'penalty', 'forfeit', 'ignore'] as Interference[]).filter((x) => x !== cfg.onInterference)];
  const helped = helps && isDuelist(ctx.state, helps) ? helps : null;
  const options = order.filter((x) => helped || (x !== 'penalty' && x !== 'forfeit')).map((x) => ({ id: x, label: labels[x] }));
  ctx.emit({ type: 'RuleApplied', ruleId, text: `interference: ${what}`, creatureId: by });
  const answer = ctx.ask({
    key: 'a5e.duel.interference', to: { role: 'gm' }, about: by, ruleId: 'DUEL-OPT-1',
    text: `${what}. What follows?`, options, default: options[0]!.id,
  }) as Interference;
  const name = (id: string) => ctx.state.creatures[id]!.name;
  switch (answer) {
    case 'penalty':
      ctx.emit({ type: 'VarSet', creatureId: helped!, key: DUEL_VARS.penalty, value: true });
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-OPT-1', text: `${name(helped!)} is penalised: disadvantage on its next attack roll`, creatureId: helped! });
      return;
    case 'forfeit':
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-OPT-1', text: `${name(helped!)} forfeits the duel`, creatureId: helped! });
      endDuel(ctx, { loser: helped, reason: `${name(helped!)} forfeits for interference`, ruleId: 'DUEL-OPT-1' });
      return;
    case 'ignore':
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-OPT-1', text: 'the Narrator lets the interference pass' });
      return;
    default:
      endDuel(ctx, { loser: null, reason: 'interference turns the duel into normal combat', ruleId: 'DUEL-SCOPE-4', converted: true });
  }
}

/**
 * An outsider's attack on a duelist: with the option on it has advantage, the duelists being wholly
 * taken up with each other (DUEL-OPT-2); either way it is interference (DUEL-SCOPE-2).
 */
export const spectatorAttackHook: Hook<'test.modifiers'> = {
  stage: 'test.modifiers', id: 'a5e.duel.spectator-attack', priority: 700, ruleId: 'DUEL-OPT-2',
  run: (ctx, p) => {
    if (p.kind !== 'attack' || !isSpectator(ctx.state, p.actor) || !isDuelist(ctx.state, p.target)) return;
    if (duelConfig(ctx.state).spectatorAdvantage) {
      p.rollModeSources.push({ mode: 'advantage', source: 'duel:outsider', label: 'duelist focused on its opponent', ruleId: 'DUEL-OPT-2' });
    }
  },
};

/** The spectator's attack on a duelist is made: that is interference (DUEL-SCOPE-2), dealt with before the roll. */
export const spectatorInterferesHook: Hook<'test.commit'> = {
  stage: 'test.commit', id: 'a5e.duel.spectator-interferes', priority: 700, ruleId: 'DUEL-SCOPE-2',
  run: (ctx, p) => {
    if (p.kind !== 'attack' || !isSpectator(ctx.state, p.actor) || !isDuelist(ctx.state, p.target)) return;
    interfere(ctx, p.actor!, opponentOf(ctx.state, p.target!), `${ctx.state.creatures[p.actor!]!.name}, a spectator, attacks ${ctx.state.creatures[p.target!]!.name}`);
  },
};

/** The Narrator's penalty for interference: disadvantage on the helped duelist's next attack roll (DUEL-OPT-1). */
export const penaltyHook: Hook<'test.modifiers'> = {
  stage: 'test.modifiers', id: 'a5e.duel.penalty', priority: 710, ruleId: 'DUEL-OPT-1',
  run: (ctx, p) => {
    if (p.kind !== 'attack' || !p.actor || !isDuelist(ctx.state, p.actor)) return;
    if (ctx.state.creatures[p.actor]!.vars[DUEL_VARS.penalty] !== true) return;
    p.rollModeSources.push({ mode: 'disadvantage', source: 'duel:penalty', label: 'penalised for interference', ruleId: 'DUEL-OPT-1' });
  },
};

/** The penalty is spent on the attack roll it applies to (DUEL-OPT-1). */
export const penaltySpentHook: Hook<'test.commit'> = {
  stage: 'test.commit', id: 'a5e.duel.penalty-spent', priority: 710, ruleId: 'DUEL-OPT-1',
  run: (ctx, p) => {
    if (!p.actor || !p.rollModeSources.some((s) => s.source === 'duel:penalty')) return;
    ctx.emit({ type: 'VarSet', creatureId: p.actor, key: DUEL_VARS.penalty, value: null });
  },
};

const id = z.string().min(1).max(200);
export const interfereSchema = z.object({
  type: z.literal('a5e.duel.interfere'),
  creatureId: id,
  /** the duelist the interference is meant to help */
  helps: id.optional(),
  description: z.string().max(200).optional(),
  /** try to go unnoticed: a Sleight of Hand check (DUEL-OPT-3) */
  covert: z.boolean().optional(),
}).strict();
type Interfere = z.infer<typeof interfereSchema>;

/**
 * A spectator meddles (a spell, a Help, a thrown buff): DUEL-SCOPE-2. Done covertly it is a Dexterity
 * (Sleight of Hand) check against the best passive Perception among the duelists and any judge
 * (`duel-judge` tag): beating all of them, it goes unnoticed (DUEL-OPT-3, proposed ruling).
 */
export const interfereCommand: CommandDef<Interfere> = {
  type: 'a5e.duel.interfere',
  schema: interfereSchema as never,
  actor: (c) => c.creatureId,
  run: (ctx, c) => {
    if (!inDuel(ctx.state)) ctx.reject('not-in-duel', 'no duel is running in this encounter', 'DUEL-SCOPE-2');
    if (!isSpectator(ctx.state, c.creatureId)) ctx.reject('not-a-spectator', `${ctx.state.creatures[c.creatureId]?.name ?? c.creatureId} is not a spectator of this duel`, 'DUEL-SCOPE-2');
    if (c.helps !== undefined && !isDuelist(ctx.state, c.helps)) ctx.reject('not-a-duelist', `'${c.helps}' is not one of the duelists`, 'DUEL-OPT-1');
    const me = ctx.state.creatures[c.creatureId]!;
    const what = `${me.name} interferes${c.description ? `: ${c.description}` : ''}`;
    if (c.covert) {
      const watchers = [...duelists(ctx.state), ...ctx.state.creatureIds.filter((x) => x !== me.id && ctx.state.creatures[x]!.tags.includes(JUDGE_TAG))];
      const passive = watchers.map((w) => ({ w, score: passivePerception(ctx, w) }));
      const best = Math.max(...passive.map((x) => x.score));
      const t = a5eTest(ctx, { kind: 'check', actor: me.id, ability: 'dex', skill: 'sleight-of-hand', dc: null, options: ['check:duel-covert'], ruleId: 'DUEL-OPT-3' });
      const noticedBy = passive.filter((x) => (t.total ?? 0) <= x.score).map((x) => ctx.state.creatures[x.w]!.name);
      if (!noticedBy.length) {
        ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-OPT-3', text: `${me.name}'s Sleight of Hand ${t.total} beats every watcher's passive Perception (best ${best}): unnoticed`, creatureId: me.id });
        return;
      }
      ctx.emit({ type: 'RuleApplied', ruleId: 'DUEL-OPT-3', text: `${me.name}'s Sleight of Hand ${t.total} is noticed by ${noticedBy.join(', ')}`, creatureId: me.id });
    }
    interfere(ctx, me.id, c.helps ?? null, what);
  },
};
