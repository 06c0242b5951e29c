import { d20Test, heal, type Resolution, type TestPayload } from '@fray/engine';
import { addDeathSaveFailure } from './zero';
import { becomeStable, die, setTally, DOOMED_AT_ZERO, DROPPED_ON_TURN, DYING, SUCCESSES } from './state';
import { suffocatingAtZero } from './first-aid';
import { gainFatigue, gainStrife } from '../conditions/tracks';

/** Roll option every death saving throw carries, so effects can single it out. */
export const DEATH_SAVE = 'save:death';

/**
 * A death saving throw (A5E-DYING-4): a plain d20 against 10. Effects on saving throws in general
 * apply (selector `save`), ability-specific ones do not, as the roll has no ability.
 */
export function deathSave(ctx: Resolution, id: string): TestPayload {
  const c = () => (ctx.state.creatures[id])!;
  const p = d20Test(ctx, {
    kind: 'save',
    actor: id,
    selectors: ['save', 'save:death'],
    options: [DEATH_SAVE],
    base: { label: 'death save', value: 0 },
    against: { label: 'DC', value: 10 },
    ruleId: 'A5E-DYING-4',
  });
  if (p.natural === 20) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DYING-6', text: `${c().name} rolls a natural 20: 1 hit point, conscious, and the rest of its turn`, creatureId: id });
    heal(ctx, id, 1, null, 'A5E-DYING-6');
    return p;
  }
  if (p.natural === 1) {
    gainFatigue(ctx, id, 1, 'A5E-DYING-5');
    gainStrife(ctx, id, 1, 'A5E-DYING-5');
    // One failure, not two (AMB-13); encounter option `deathSaveNatural1Failures: 2` for the other reading.
    const count = ctx.state.options['deathSaveNatural1Failures'] === 2 ? 2 : 1;
    for (let i = 0; i < count && ctx.state.creatures[id]!.status === DYING; i++) addDeathSaveFailure(ctx, id, 'A5E-DYING-5');
    return p;
  }
  if (p.outcome === 'success') {
    const successes = (c().tallies[SUCCESSES] ?? 0) + 1;
    // Still without air, it cannot be stabilized, not even by its own saves (A5E-ENV-6, A5E-DYING-19).
    if (successes >= 3 && suffocatingAtZero(ctx, id)) {
      setTally(ctx, id, SUCCESSES, 3, 'A5E-DYING-4');
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENV-6', text: `${c().name} still cannot breathe: three successes, yet not stable`, creatureId: id });
    } else if (successes >= 3) becomeStable(ctx, id, 'A5E-DYING-4');
    else setTally(ctx, id, SUCCESSES, successes, 'A5E-DYING-4');
  } else addDeathSaveFailure(ctx, id, 'A5E-DYING-4');
  return p;
}

/** A natural 1 fails and a natural 20 succeeds whatever the modifiers (A5E-DYING-5, A5E-DYING-6). */
export function judgeDeathSave(_ctx: Resolution, p: TestPayload): void {
  if (!p.options.has(DEATH_SAVE) || p.autoFail) return;
  if (p.natural === 1) p.outcome = 'failure';
  else if (p.natural === 20) p.outcome = 'success';
}

/** Dying creatures roll as their turn starts; stable ones do not (A5E-DYING-3, A5E-DYING-12). */
export function deathSaveAtTurnStart(ctx: Resolution, id: string): void {
  const c = () => (ctx.state.creatures[id])!;
  const droppedOn = c().vars[DROPPED_ON_TURN];
  if (droppedOn !== undefined) {
    ctx.emit({ type: 'VarSet', creatureId: id, key: DROPPED_ON_TURN, value: null });
    // It had hit points when this turn began: only a turn that starts at 0 brings a save (seed 002; A5E-ROUND-5).
    if (droppedOn === ctx.state.round && c().status === DYING) {
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ROUND-5', text: `${c().name} dropped as its turn began: its first death save comes at the start of its next turn`, creatureId: id });
      return;
    }
  }
  if (c().status === DYING && c().hp === 0) deathSave(ctx, id);
  if (c().status === DOOMED_AT_ZERO && c().vars['finalTurn'] !== true) ctx.emit({ type: 'VarSet', creatureId: id, key: 'finalTurn', value: true });
}

/** A doomed NPC's final turn ends in death (A5E-DYING-16, A5E-DYING-18). */
export function doomedTurnEnd(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id]!;
  if (c.status === DOOMED_AT_ZERO && c.vars['finalTurn'] === true) die(ctx, id, 'A5E-DYING-16', 'its final turn is over');
}
