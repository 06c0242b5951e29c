import { activeEncounter, encounterHistory, type Command, type EncounterState, type Principal } from '@fray/engine';
import { isPc } from '../core/sheets';
import { REST_VARS } from './state';

/** Campaign commands the GM may issue now: the quick rest owed after a battle, rating it, a full heal-up. */
export function restLegalCommands(state: EncounterState, who: Principal): Command[] {
  if (who.role !== 'gm' || activeEncounter(state)) return [];
  if (!state.creatureIds.some((id) => isPc(state.creatures[id]!) && state.creatures[id]!.status !== 'dead')) return [];
  const done = encounterHistory(state).filter((r) => r.endedAt !== null);
  const last = done[done.length - 1];
  const out: Command[] = [];
  if (last && state.vars[REST_VARS.restedAfter] !== last.id) out.push({ type: '13a.quickRest' }, { type: '13a.rateBattle', difficulty: 'regular' });
  out.push({ type: '13a.fullHealUp', reason: 'earned' }, { type: '13a.specialHealing', recoveries: 1 });
  return out;
}
