import type { A5eModule } from '../module';
import { TURN_END } from '../flow/phases';
import { concentrationOnDamage } from '../core/concentration';
import { testCommand } from '../core/checks';
import { blockHealing, healCommand, tempHpCommand, tempHpCondition, tempHpExpired, tempHpSpent, wakeOnHealing } from '../hp/healing';
import { offerCritDowngrade } from './critical';
import { damageCommand } from './damage-command';
import { endOngoingDamage, ongoingAtTurnEnd, ongoingDamageCommand, ongoingDamageCondition } from './ongoing';
import { pipelineHooks } from './pipeline';
import { damageOptions, damageVars } from '../settings';

/**
 * Damage, hit points and the core d20 helpers (A5E-DMG, A5E-HP, A5E-CORE): the damage pipeline,
 * critical-hit downgrades, ongoing damage, healing and temporary hit points, concentration, and the
 * Narrator's commands for damage, healing and ad-hoc checks.
 */
export const damageModule: A5eModule = {
  id: 'a5e.damage',
  options: damageOptions,
  creatureVars: damageVars,
  conditions: [ongoingDamageCondition, tempHpCondition],
  hooks: [
    ...pipelineHooks,
    { stage: 'test.outcome', id: 'a5e.crit.downgrade', priority: 50, ruleId: 'A5E-DMG-6', run: offerCritDowngrade },
    { stage: 'turn.end', id: 'a5e.damage.ongoing', priority: TURN_END.ongoingDamage, ruleId: 'A5E-DMG-8', run: (ctx, p) => ongoingAtTurnEnd(ctx, p.creatureId) },
    { stage: 'heal.modify', id: 'a5e.hp.blockHealing', priority: 0, ruleId: 'A5E-HP-5', run: blockHealing },
    { stage: 'hp.changed', id: 'a5e.hp.wake', priority: 50, ruleId: 'A5E-DYING-1', run: wakeOnHealing },
    { stage: 'hp.changed', id: 'a5e.concentration.damage', priority: 200, ruleId: 'A5E-CORE-14', run: concentrationOnDamage },
    { stage: 'hp.changed', id: 'a5e.hp.tempSpent', priority: 300, ruleId: 'A5E-HP-10', run: tempHpSpent },
    { stage: 'condition.removed', id: 'a5e.hp.tempExpired', priority: 100, ruleId: 'A5E-HP-10', run: tempHpExpired },
  ],
  actions: { endOngoingDamage },
  commands: [damageCommand, healCommand, tempHpCommand, ongoingDamageCommand, testCommand],
};
