import type { A5eModule } from '../module';
import { longRestCommand } from './long-rest';
import { shortRestCommand } from './short-rest';
import { healCommand, tempHpCommand } from '../hp/healing';
import { marchingOrderCommand, meetingCommand, spendTimeCommand, travelCommand } from './time';

/** Rests and the passing of time between fights (A5E-REST, A5E-TIME): campaign commands only. */
export const restModule: A5eModule = {
  id: 'rest',
  // Healing and temporary hit points happen between fights too (a potion at camp, a spell before the door).
  campaignCommands: [shortRestCommand, longRestCommand, spendTimeCommand, travelCommand, marchingOrderCommand, meetingCommand, healCommand, tempHpCommand],
};
