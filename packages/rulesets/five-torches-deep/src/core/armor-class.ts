import { sumAll, statistic, type EncounterState, type Statistic } from '@fray/engine';
import { creatureIn, sheetOf } from './sheet';

/**
 * AC as a statistic (issue 18 item 5): the stat block's AC, which armor and shields already set
 * before play; no condition changes it in these rules, so it has its base row alone. Attacks record
 * these rows with the AC they are rolled against (FTD-ATK-1, FTD-ATK-8).
 */
export function ftdAcStatistic(state: EncounterState, id: string): Statistic {
  return statistic('AC', { label: 'stat block AC', value: sheetOf(creatureIn(state, id)).ac, source: id }, [], sumAll);
}
