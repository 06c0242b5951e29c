import type { FtdModule } from '../module';
import { afflictCommand, infectedCondition, stageEndHook } from './corruption';
import { campCommand } from './camp';
import { burnOutHook, lightConditions, lightSourceCommand, setLightCommand } from './light';
import { journeyCommand } from './overland';
import { exhaustCommand, exhaustedCondition, wearResilienceCommand } from './resilience';
import { rollToReturnCommand } from './return';
import { rollTimeCommand } from './time-dice';
import { lootCommand, sellItemCommand, treasureCommand } from './treasure';
import { sceneCommand, travelCommand } from './travel';
import { campaignOptions, campaignVars } from '../settings';

/**
 * Adventuring between fights (TRAVEL, RETURN, TIME, OVERLAND, WATER, LIGHT, RESIL, CORRUPT, XP). Time
 * and travel are campaign commands; light, exhaustion and corruption work in fights too.
 */
export const campaignModule: FtdModule = {
  id: 'campaign',
  options: campaignOptions,
  creatureVars: campaignVars,
  conditions: [...lightConditions, exhaustedCondition, infectedCondition],
  hooks: [burnOutHook, stageEndHook],
  commands: [lightSourceCommand, setLightCommand, afflictCommand, exhaustCommand, lootCommand],
  campaignCommands: [
    travelCommand, sceneCommand, journeyCommand, rollTimeCommand, rollToReturnCommand, campCommand,
    lightSourceCommand, setLightCommand, afflictCommand, exhaustCommand, wearResilienceCommand,
    treasureCommand, lootCommand, sellItemCommand,
  ],
};
