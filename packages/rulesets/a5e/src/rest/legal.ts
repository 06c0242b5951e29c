import type { Command, EncounterState, Principal } from '@fray/engine';
import { activeEncounter } from '@fray/engine';
import { allowedTravelPaces } from '../conditions/tracks';
import { DEAD } from '../dying/state';

/**
 * Campaign commands a principal may issue now, for policies and property tests: rests (haven or not),
 * a little time, and travel at a pace everyone can keep. Players answer prompts; the Narrator acts.
 */
export function a5eCampaignLegalCommands(state: EncounterState, who: Principal): Command[] {
  if (who.role !== 'gm' || activeEncounter(state)) return [];
  const living = state.creatureIds.filter((id) => state.creatures[id]!.status !== DEAD);
  if (!living.length) return [{ type: 'a5e.spendTime', amount: 10, unit: 'minutes' }];
  const paces = (['slow', 'normal', 'fast'] as const).filter((p) => living.every((id) => allowedTravelPaces(state, id).includes(p)));
  return [
    { type: 'a5e.shortRest', creatureIds: living, light: true },
    { type: 'a5e.longRest', creatureIds: living, inHaven: true },
    { type: 'a5e.longRest', creatureIds: living, inHaven: false },
    { type: 'a5e.spendTime', amount: 10, unit: 'minutes' },
    ...paces.map((pace): Command => ({ type: 'a5e.travel', creatureIds: living, hours: 4, pace })),
  ];
}
