import type { A5eModule } from '../module';
import { dashAction } from '../actions/dash';
import { disengageAction, disengagedCondition } from '../actions/disengage';
import { dodgeAction, dodgeEndsHook, dodgingCondition } from '../actions/dodge';
import { helpAction, helpSpentHook, helpUsedHook, helpedCondition } from '../actions/help';
import { hideAction, revealOnAttackHook, unseenAttackerHook } from '../actions/hide';
import { castSpellAction, improviseAction, maneuverAction } from '../actions/other';
import { pressExpertiseHook, pressNoDieNoteHook, pressTheAttackAction, pressingCondition } from '../actions/press-the-attack';
import { heldSpellLostHooks, readyAction, releaseReadiedCommand } from '../actions/ready';
import { searchAction } from '../actions/search';
import { sprintAction, sprintingCondition, sprintingExtendedCondition } from '../actions/sprint';
import { tumbleAction, tumblingCondition } from '../actions/tumble';
import { useObjectAction } from '../actions/use-object';
import { commandAction, setControllerCommand } from '../summons/control';
import { formGroupCommand, groupAttackAction, groupCheckCommand, moveGroupCommand } from '../summons/group';
import { encounterEndCleanup, turnStartExpiry } from './cleanup';
import { addCreatureCommand, beginEncounterCommand, encounterStartHook, setSceneCommand } from './encounter';
import { grantInitiativeAdvantageCommand, initiativeAdvantageHook, rollInitiativeCommand } from './initiative';
import { setSurpriseCommand, surprisedCondition } from './surprise';
import { flowOptions } from '../settings';

/**
 * Turn-Based Action: set-up and surprise (A5E-ENC), initiative (A5E-INIT), rounds and turns (A5E-ROUND),
 * the named actions (A5E-ACT) and controlled creatures and groups (A5E-SUMMON).
 */
export const flowModule: A5eModule = {
  id: 'a5e.flow',
  options: flowOptions,
  conditions: [surprisedCondition, dodgingCondition, disengagedCondition, helpedCondition, pressingCondition, sprintingCondition, sprintingExtendedCondition, tumblingCondition],
  hooks: [
    encounterStartHook, initiativeAdvantageHook, turnStartExpiry, encounterEndCleanup,
    dodgeEndsHook, helpUsedHook, helpSpentHook, unseenAttackerHook, revealOnAttackHook, pressExpertiseHook, pressNoDieNoteHook, ...heldSpellLostHooks,
  ],
  actions: {
    dash: dashAction,
    disengage: disengageAction,
    dodge: dodgeAction,
    help: helpAction,
    hide: hideAction,
    'press-the-attack': pressTheAttackAction,
    ready: readyAction,
    search: searchAction,
    sprint: sprintAction,
    tumble: tumbleAction,
    'use-object': useObjectAction,
    improvise: improviseAction,
    'cast-spell': castSpellAction,
    maneuver: maneuverAction,
    command: commandAction,
    'group-attack': groupAttackAction,
  },
  commands: [
    beginEncounterCommand, setSceneCommand, setSurpriseCommand, grantInitiativeAdvantageCommand, rollInitiativeCommand, addCreatureCommand,
    setControllerCommand, formGroupCommand, moveGroupCommand, groupCheckCommand, releaseReadiedCommand,
  ].map((c) => c as never),
};
