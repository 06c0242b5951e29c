import type { A5eModule } from '../module';

/**
 * The 32 conditions of A5E-COND and the two tracks (A5E-TRACK, A5E-FATIGUE, A5E-STRIFE) as data.
 * Seeded here with the few the core needs; the conditions module fills in the rest.
 */
export const conditionsModule: A5eModule = {
  id: 'a5e.conditions',
  conditions: [
    { id: 'incapacitated', name: 'Incapacitated', ruleId: 'A5E-COND-17', effects: [{ kind: 'forbid', what: 'action' }, { kind: 'forbid', what: 'bonusAction' }, { kind: 'forbid', what: 'reaction' }] },
    { id: 'prone', name: 'Prone', ruleId: 'A5E-COND-24', effects: [
      { kind: 'rollMode', selector: 'attack', subject: 'self', mode: 'disadvantage', predicate: 'attack:melee' },
      { kind: 'rollMode', selector: 'attack', subject: 'against', mode: 'advantage', predicate: 'attack:within-5' },
      { kind: 'rollMode', selector: 'attack', subject: 'against', mode: 'disadvantage', predicate: { not: 'attack:within-5' } },
    ] },
    { id: 'unconscious', name: 'Unconscious', ruleId: 'A5E-COND-29', implies: ['incapacitated', 'prone'], effects: [
      { kind: 'autoFail', selector: 'save:str' }, { kind: 'autoFail', selector: 'save:dex' },
      { kind: 'rollMode', selector: 'attack', subject: 'against', mode: 'advantage' },
    ] },
  ],
};
