import { heal, type ConditionDef } from '@fray/engine';
import type { A5eModule } from '../module';
import { TURN_START } from '../flow/phases';
import { deathSaveAtTurnStart, doomedTurnEnd, judgeDeathSave } from './death-save';
import { firstAid } from './first-aid';
import { STABLE, STABLE_RECOVERY } from './state';
import { onZeroHp } from './zero';
import { dyingOptions, dyingVars } from '../settings';

export const stableRecoveryCondition: ConditionDef = { id: STABLE_RECOVERY, name: 'Stable (recovering)', ruleId: 'A5E-DYING-13', effects: [] };

/**
 * Dropping to 0 hit points and what follows (A5E-DYING): unconsciousness, fatigue, death saves,
 * damage at 0, stability and first aid, knock-outs, monsters and important NPCs, death.
 */
export const dyingModule: A5eModule = {
  id: 'a5e.dying',
  options: dyingOptions,
  creatureVars: dyingVars,
  conditions: [stableRecoveryCondition],
  hooks: [
    { stage: 'hp.zero', id: 'a5e.dying.zero', priority: 100, ruleId: 'A5E-DYING-1', run: onZeroHp },
    { stage: 'test.outcome', id: 'a5e.dying.deathSaveNatural', priority: 5, ruleId: 'A5E-DYING-5', run: judgeDeathSave },
    // After the budget renews and suffocation is counted, in the start-of-turn order (A5E-ROUND-5).
    { stage: 'turn.start', id: 'a5e.dying.deathSave', priority: TURN_START.deathSave, ruleId: 'A5E-DYING-3', run: (ctx, p) => deathSaveAtTurnStart(ctx, p.creatureId) },
    { stage: 'turn.end', id: 'a5e.dying.doomedFinalTurn', priority: 900, ruleId: 'A5E-DYING-16', run: (ctx, p) => doomedTurnEnd(ctx, p.creatureId) },
    {
      // The recovery timer ran out (not removed by healing or new damage): 1 hit point back (A5E-DYING-13).
      stage: 'condition.removed', id: 'a5e.dying.stableRecovery', priority: 100, ruleId: 'A5E-DYING-13',
      run: (ctx, p) => {
        if (p.condition.conditionId !== STABLE_RECOVERY) return;
        const c = ctx.state.creatures[p.creatureId];
        const d = p.condition.duration;
        if (!c || c.status !== STABLE || c.hp !== 0 || d.kind !== 'gameTime' || ctx.state.clockSeconds < (d.endsAtSeconds ?? Infinity)) return;
        heal(ctx, p.creatureId, 1, null, 'A5E-DYING-13');
      },
    },
  ],
  actions: { firstAid },
};
