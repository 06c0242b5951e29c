import { activeEncounter, hasCondition, type Command, type EncounterState, type Principal } from '@fray/engine';
import { isPc } from '../core/sheet';
import { FTD_VARS, numVar } from './party';

/**
 * Campaign commands the GM may issue now, for policies and property tests: an hour of travel, a
 * scene, camp, lighting a torch, treasure, and the roll to return once the party is away from safety.
 * Players answer prompts; the GM runs the day.
 */
export function ftdCampaignLegalCommands(state: EncounterState, who: Principal): Command[] {
  if (who.role !== 'gm' || activeEncounter(state)) return [];
  const pcs = state.creatureIds.filter((id) => isPc(state.creatures[id]!) && state.creatures[id]!.status !== 'dead');
  const out: Command[] = [
    { type: 'ftd.travel', hours: 1, stance: 'normal' },
    { type: 'ftd.travel', hours: 1, stance: 'cautious' },
    { type: 'ftd.scene' },
    { type: 'ftd.camp', safe: true },
    { type: 'ftd.camp', safe: false },
    { type: 'ftd.rollTime', dice: 1, use: 'duration' },
  ];
  if (!pcs.length) return out;
  for (const id of pcs) if (!hasCondition(state.creatures[id]!, 'torch')) out.push({ type: 'ftd.lightSource', creatureId: id, source: 'torch' });
  out.push({ type: 'ftd.treasure', gp: 25, earned: true });
  const able = pcs.filter((id) => !['dying'].includes(state.creatures[id]!.status));
  if (able.length && numVar(state.vars[FTD_VARS.travelTurns]) > 0) {
    out.push({ type: 'ftd.rollToReturn', creatureIds: able, path: 'dangerous' }, { type: 'ftd.rollToReturn', creatureIds: able, path: 'arduous' });
  }
  return out;
}
