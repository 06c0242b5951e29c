import type { A5eModule } from '../module';
import { longRestCommand } from './long-rest';
import { shortRestCommand } from './short-rest';
import { healCommand, tempHpCommand } from '../hp/healing';
import { testCommand } from '../core/checks';
import { damageCommand } from '../damage/damage-command';
import { marchingOrderCommand, meetingCommand, spendTimeCommand, travelCommand } from './time';

/** Rests and the passing of time between fights (A5E-REST, A5E-TIME), and the Narrator's commands that work there too. */
export const restModule: A5eModule = {
  id: 'rest',
  // Healing and temporary hit points happen between fights too (a potion at camp, a spell before the door),
  // and so do checks, saves and harm that is not a fight's (a climb, a trap, a rockfall).
  campaignCommands: [shortRestCommand, longRestCommand, spendTimeCommand, travelCommand, marchingOrderCommand, meetingCommand, healCommand, tempHpCommand, testCommand, damageCommand],
};
