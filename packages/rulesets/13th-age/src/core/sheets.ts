import type { CreatureState, EncounterState } from '@fray/engine';
import type { MonsterSheet, PcSheet, StatBlock } from '../sheet/stat-block';

export const sheetOf = (state: EncounterState, id: string): StatBlock => state.creatures[id]!.sheet as unknown as StatBlock;
export const isPc = (c: CreatureState): boolean => (c.sheet as unknown as StatBlock).kind === 'pc';
export const pcSheet = (c: CreatureState): PcSheet | null => ((c.sheet as unknown as StatBlock).kind === 'pc' ? (c.sheet as unknown as PcSheet) : null);
export const monsterSheet = (c: CreatureState): MonsterSheet | null => ((c.sheet as unknown as StatBlock).kind !== 'pc' ? (c.sheet as unknown as MonsterSheet) : null);
export const levelOf = (c: CreatureState): number => (c.sheet as unknown as StatBlock).level;
export const hostile = (state: EncounterState, a: string, b: string): boolean => state.creatures[a]!.side !== state.creatures[b]!.side;
export const alive = (c: CreatureState): boolean => c.status !== 'dead';
