import type { ConditionDef, ConditionEffect, Predicate } from '@fray/engine';
import { ACTOR_ENRAGED, ACTOR_SEES_TARGET, CONCENTRATION, FEAR_SOURCE_UNSEEN, NEEDS_HEARING, NEEDS_SIGHT, TARGET_SEES_ACTOR, WITHIN_5_FEET } from './options';

/** Flags the conditions carry; the query helpers and other modules read them by these names. */
export const FLAG = {
  cannotSee: 'cannot-see',
  cannotHear: 'cannot-hear',
  cannotSpeak: 'cannot-speak',
  speaksHaltingly: 'speaks-haltingly',
  unaware: 'unaware',
  cannotConcentrate: 'cannot-concentrate',
  primaryLanguageOnly: 'primary-language-only',
  noPsionics: 'no-psionics',
  noHostileActions: 'no-hostile-actions',
  noHostileAgainstSource: 'no-hostile-against-source',
  cannotApproachSource: 'cannot-approach-source',
  awayFromSourceCostsDouble: 'away-from-source-costs-double',
  mustApproachClosestEnemy: 'must-approach-closest-enemy',
  mustAttackEnemyInReach: 'must-attack-enemy-in-reach',
  ignoresFearAndCalm: 'ignores-frightened-and-placid',
  actionOrMove: 'action-or-move',
  actionOrBonus: 'action-or-bonus',
  oneAttackPerTurn: 'one-attack-per-turn',
  crawlOnly: 'crawl-only',
  noSpeedBonus: 'no-speed-bonus',
  critWithin5: 'crit-within-5',
  heavilyObscured: 'heavily-obscured-for-hiding',
  weightTimesTen: 'weight-x10',
  poisonDiseasePaused: 'poison-and-disease-paused',
  dropsHeldItems: 'drops-held-items',
  randomBehaviour: 'random-behaviour',
  diesOnTimer: 'dies-on-timer',
  noFastPace: 'no-fast-pace',
  noNormalPace: 'no-normal-pace',
  noSlowPace: 'no-slow-pace',
  hitDiceHalved: 'hit-dice-halved',
  shortTermStress: 'short-term-mental-stress',
  cantripsOnly: 'cantrips-only',
  longTermStress: 'long-term-mental-stress',
  /** seen only by truesight or blindsight in range (invisible) */
  unseenWithoutTruesight: 'unseen-without-truesight',
  /** its attack roll modes are about sight: when neither side sees the other, A5E-ATK-11 replaces them */
  sightBasedAttackModes: 'sight-based-attack-modes',
  /** no proficiency bonus on skill or tool checks (amnesiac; roll-hooks.ts applies it) */
  noProficiencyOnChecks: 'no-proficiency-on-checks',
  /** disadvantage on Perception and Investigation about anything but the source (fixated; roll-hooks.ts) */
  sensesFixedOnSource: 'senses-fixed-on-source',
  /** perceives nothing at all: no observer for hiding, surprise or unseen attacks (unconscious; petrified stays an observer by ruling) */
  perceivesNothing: 'perceives-nothing',
} as const;

type RollKind = 'advantage' | 'disadvantage';
const self = (mode: RollKind, selectors: string[], ruleId: string, predicate?: Predicate): ConditionEffect[] =>
  selectors.map((selector) => ({ kind: 'rollMode', selector, subject: 'self', mode, ruleId, ...(predicate ? { predicate } : {}) }));
const against = (mode: RollKind, ruleId: string, predicate?: Predicate): ConditionEffect =>
  ({ kind: 'rollMode', selector: 'attack', subject: 'against', mode, ruleId, ...(predicate ? { predicate } : {}) });
const autoFail = (selectors: string[], ruleId: string, predicate?: Predicate): ConditionEffect[] =>
  selectors.map((selector) => ({ kind: 'autoFail', selector, ruleId, ...(predicate ? { predicate } : {}) }));
const flag = (name: string, ruleId: string): ConditionEffect => ({ kind: 'flag', flag: name, ruleId });
const forbid = (what: string, ruleId: string): ConditionEffect => ({ kind: 'forbid', what, ruleId });
const speed0 = (ruleId: string): ConditionEffect => ({ kind: 'speed', set: 0, ruleId });
const strDexSavesFail = (ruleId: string) => autoFail(['save:str', 'save:dex'], ruleId);

/** The 32 conditions of A5E-COND (fatigue and strife are in tracks.ts). */
export const conditionDefinitions: ConditionDef[] = [
  { id: 'agonized', name: 'Agonized', ruleId: 'A5E-COND-3', effects: [
    ...self('disadvantage', ['check:str', 'check:dex', 'check:con'], 'A5E-COND-3'),
    ...autoFail(['save', 'check'], 'A5E-COND-3', CONCENTRATION),
    flag(FLAG.cannotConcentrate, 'A5E-COND-3'),
  ] },
  { id: 'amnesiac', name: 'Amnesiac', ruleId: 'A5E-COND-4', effects: [flag(FLAG.primaryLanguageOnly, 'A5E-COND-4'), flag(FLAG.noProficiencyOnChecks, 'A5E-COND-4')] },
  { id: 'blinded', name: 'Blinded', ruleId: 'A5E-COND-5', effects: [
    flag(FLAG.cannotSee, 'A5E-COND-5'), flag(FLAG.sightBasedAttackModes, 'A5E-ATK-11'),
    ...autoFail(['check'], 'A5E-COND-5', NEEDS_SIGHT),
    against('advantage', 'A5E-COND-5'),
    ...self('disadvantage', ['attack'], 'A5E-COND-5'),
  ] },
  { id: 'bloodied', name: 'Bloodied', ruleId: 'A5E-COND-6', effects: [] },
  { id: 'charmed', name: 'Charmed', ruleId: 'A5E-COND-7', effects: [flag(FLAG.noHostileAgainstSource, 'A5E-COND-7')] },
  { id: 'confused', name: 'Confused', ruleId: 'A5E-COND-8', effects: [forbid('reaction', 'A5E-COND-8'), flag(FLAG.randomBehaviour, 'A5E-COND-8')] },
  { id: 'deafened', name: 'Deafened', ruleId: 'A5E-COND-9', effects: [flag(FLAG.cannotHear, 'A5E-COND-9'), ...autoFail(['check'], 'A5E-COND-9', NEEDS_HEARING)] },
  { id: 'doomed', name: 'Doomed', ruleId: 'A5E-COND-10', effects: [flag(FLAG.diesOnTimer, 'A5E-COND-10')] },
  { id: 'encumbered', name: 'Encumbered', ruleId: 'A5E-COND-11', effects: [{ kind: 'speed', set: 5, ruleId: 'A5E-COND-11' }] },
  { id: 'enervated', name: 'Enervated', ruleId: 'A5E-COND-12', effects: [
    flag(FLAG.noPsionics, 'A5E-COND-12'),
    ...['check', 'save', 'attack'].map((selector): ConditionEffect => ({ kind: 'modifier', selector, value: -2, ruleId: 'A5E-COND-12' })),
  ] },
  { id: 'enraged', name: 'Enraged', ruleId: 'A5E-COND-13', effects: [
    flag(FLAG.mustApproachClosestEnemy, 'A5E-COND-13'),
    flag(FLAG.mustAttackEnemyInReach, 'A5E-COND-13'),
    flag(FLAG.ignoresFearAndCalm, 'A5E-COND-13'),
    ...self('disadvantage', ['check:int', 'check:wis', 'check:cha'], 'A5E-COND-13'),
  ] },
  // The perception disadvantage depends on what is looked at, so a hook reads the flag (roll-hooks.ts).
  { id: 'fixated', name: 'Fixated', ruleId: 'A5E-COND-14', effects: [flag(FLAG.awayFromSourceCostsDouble, 'A5E-COND-14'), flag(FLAG.sensesFixedOnSource, 'A5E-COND-14')] },
  { id: 'frightened', name: 'Frightened', ruleId: 'A5E-COND-15', effects: [
    flag(FLAG.cannotApproachSource, 'A5E-COND-15'),
    ...self('disadvantage', ['check', 'attack'], 'A5E-COND-15', { not: { or: [FEAR_SOURCE_UNSEEN, ACTOR_ENRAGED] } }),
  ] },
  { id: 'grappled', name: 'Grappled', ruleId: 'A5E-COND-16', effects: [speed0('A5E-COND-16'), flag(FLAG.noSpeedBonus, 'A5E-COND-16')] },
  { id: 'incapacitated', name: 'Incapacitated', ruleId: 'A5E-COND-17', effects: [
    forbid('action', 'A5E-COND-17'), forbid('bonusAction', 'A5E-COND-17'), forbid('reaction', 'A5E-COND-17'), forbid('objectInteraction', 'A5E-COND-17'),
  ] },
  { id: 'invisible', name: 'Invisible', ruleId: 'A5E-COND-18', effects: [
    flag(FLAG.heavilyObscured, 'A5E-COND-18'), flag(FLAG.unseenWithoutTruesight, 'A5E-COND-18'), flag(FLAG.sightBasedAttackModes, 'A5E-ATK-11'),
    against('disadvantage', 'A5E-COND-18', { not: ACTOR_SEES_TARGET }),
    ...self('advantage', ['attack'], 'A5E-COND-18', { not: TARGET_SEES_ACTOR }),
  ] },
  { id: 'manic', name: 'Manic', ruleId: 'A5E-COND-19', effects: [flag(FLAG.actionOrMove, 'A5E-COND-19')] },
  { id: 'paralyzed', name: 'Paralyzed', ruleId: 'A5E-COND-20', implies: ['incapacitated'], effects: [
    speed0('A5E-COND-20'), flag(FLAG.cannotSpeak, 'A5E-COND-20'), ...strDexSavesFail('A5E-COND-20'),
    against('advantage', 'A5E-COND-20'), flag(FLAG.critWithin5, 'A5E-COND-20'),
  ] },
  { id: 'petrified', name: 'Petrified', ruleId: 'A5E-COND-21', implies: ['incapacitated'], effects: [
    speed0('A5E-COND-21'), flag(FLAG.cannotSpeak, 'A5E-COND-21'), flag(FLAG.unaware, 'A5E-COND-21'), flag(FLAG.weightTimesTen, 'A5E-COND-21'),
    ...strDexSavesFail('A5E-COND-21'),
    { kind: 'damageAdjust', adjust: 'resistance', types: 'all', ruleId: 'A5E-COND-21' },
    { kind: 'damageAdjust', adjust: 'immunity', types: ['poison'], ruleId: 'A5E-COND-21' },
    { kind: 'conditionImmunity', conditions: ['poisoned'], ruleId: 'A5E-COND-21' },
    flag(FLAG.poisonDiseasePaused, 'A5E-COND-21'),
  ] },
  { id: 'placid', name: 'Placid', ruleId: 'A5E-COND-22', effects: [flag(FLAG.noHostileActions, 'A5E-COND-22')] },
  { id: 'poisoned', name: 'Poisoned', ruleId: 'A5E-COND-23', effects: self('disadvantage', ['attack', 'check'], 'A5E-COND-23') },
  { id: 'prone', name: 'Prone', ruleId: 'A5E-COND-24', effects: [
    { kind: 'rollMode', selector: 'attack', subject: 'self', mode: 'disadvantage', predicate: 'attack:melee', ruleId: 'A5E-COND-24' },
    against('advantage', 'A5E-COND-24', WITHIN_5_FEET),
    against('disadvantage', 'A5E-COND-24', { not: WITHIN_5_FEET }),
    flag(FLAG.crawlOnly, 'A5E-COND-24'),
  ] },
  { id: 'rattled', name: 'Rattled', ruleId: 'A5E-COND-25', effects: [forbid('reaction', 'A5E-COND-25'), forbid('expertiseDice', 'A5E-COND-25')] },
  { id: 'restrained', name: 'Restrained', ruleId: 'A5E-COND-26', effects: [
    speed0('A5E-COND-26'), flag(FLAG.noSpeedBonus, 'A5E-COND-26'),
    against('advantage', 'A5E-COND-26'),
    ...self('disadvantage', ['attack', 'save:dex'], 'A5E-COND-26'),
  ] },
  { id: 'slowed', name: 'Slowed', ruleId: 'A5E-COND-27', effects: [
    { kind: 'speed', multiply: 0.5, ruleId: 'A5E-COND-27' },
    { kind: 'modifier', selector: 'ac', value: -2, ruleId: 'A5E-COND-27' },
    { kind: 'modifier', selector: 'save:dex', value: -2, ruleId: 'A5E-COND-27' },
    forbid('reaction', 'A5E-COND-27'),
    flag(FLAG.actionOrBonus, 'A5E-COND-27'),
    flag(FLAG.oneAttackPerTurn, 'A5E-COND-27'),
  ] },
  { id: 'stunned', name: 'Stunned', ruleId: 'A5E-COND-28', implies: ['incapacitated'], effects: [
    speed0('A5E-COND-28'), flag(FLAG.speaksHaltingly, 'A5E-COND-28'), ...strDexSavesFail('A5E-COND-28'), against('advantage', 'A5E-COND-28'),
  ] },
  // Prone is added as its own instance (hooks.ts), so it outlasts the unconsciousness (A5E-COND-29 ruling).
  { id: 'unconscious', name: 'Unconscious', ruleId: 'A5E-COND-29', implies: ['incapacitated'], effects: [
    speed0('A5E-COND-29'), flag(FLAG.cannotSpeak, 'A5E-COND-29'), flag(FLAG.unaware, 'A5E-COND-29'), flag(FLAG.perceivesNothing, 'A5E-COND-29'), flag(FLAG.dropsHeldItems, 'A5E-COND-29'),
    ...strDexSavesFail('A5E-COND-29'),
    against('advantage', 'A5E-COND-29'), flag(FLAG.critWithin5, 'A5E-COND-29'),
  ] },
  // Listed by seed 002 as an optional condition without rules text: a marker the Narrator may set.
  { id: 'corruption', name: 'Corruption', ruleId: 'A5E-COND-31', effects: [] },
];
