/**
 * Roll-option atoms the condition data reads. Callers that build d20 tests (attacks, checks,
 * concentration) add these so the conditions can tell the situations apart.
 */

/** the attacker is within 5 ft of its target: prone advantage, paralyzed/unconscious crits (A5E-ATK-7) */
export const WITHIN_5_FEET = 'attack:within-5';
/** an ability check that needs sight (blinded fails it, A5E-COND-5) */
export const NEEDS_SIGHT = 'check:needs-sight';
/** an ability check that needs hearing (deafened fails it, A5E-COND-9) */
export const NEEDS_HEARING = 'check:needs-hearing';
/** a test made to keep concentration (A5E-CORE-14): agonized fails it, strife 2 gives disadvantage */
export const CONCENTRATION = 'test:concentration';
/** a check to interact socially with the test's target (charmed, A5E-COND-7) */
export const SOCIAL = 'check:social';
/** a tool check the roller is proficient with (amnesiac loses the proficiency, A5E-COND-4) */
export const TOOL_PROFICIENT = 'check:tool-proficient';
/** a check about the source of the roller's fixation (fixated has no disadvantage on it, A5E-COND-14) */
export const ABOUT_FIXATION_SOURCE = 'check:about-fixation-source';

// Atoms the conditions module adds itself while a test is being built.
/** none of the sources of the roller's fear is in sight (A5E-COND-15) */
export const FEAR_SOURCE_UNSEEN = 'cond:fear-source-unseen';
/** the roller is enraged, so frightened does not affect it (A5E-COND-13) */
export const ACTOR_ENRAGED = 'cond:actor-enraged';
/** the attacker can see its target despite invisibility (truesight, blindsight) */
export const ACTOR_SEES_TARGET = 'cond:actor-sees-target';
/** the target can see its attacker despite invisibility */
export const TARGET_SEES_ACTOR = 'cond:target-sees-actor';
