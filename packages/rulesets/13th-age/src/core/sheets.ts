import type { CreatureState, EncounterState } from '@fray/engine';
import type { MonsterSheet, PcSheet, StatBlock } from '../sheet/stat-block';

export const sheetOf = (state: EncounterState, id: string): StatBlock => state.creatures[id]!.sheet as unknown as StatBlock;
export const isPc = (c: CreatureState): boolean => (c.sheet as unknown as StatBlock).kind === 'pc';
export const pcSheet = (c: CreatureState): PcSheet | null => ((c.sheet as unknown as StatBlock).kind === 'pc' ? (c.sheet as unknown as PcSheet) : null);
export const monsterSheet = (c: CreatureState): MonsterSheet | null => ((c.sheet as unknown as StatBlock).kind !== 'pc' ? (c.sheet as unknown as MonsterSheet) : null);
export const levelOf = (c: CreatureState): number => (c.sheet as unknown as StatBlock).level;
export const hostile = (state: EncounterState, a: string, b: string): boolean => state.creatures[a]!.side !== state.creatures[b]!.side;
export const alive = (c: CreatureState): boolean => c.status !== 'dead';

/** 13A-TGT-6: for counting, a PC's allies are the other PCs of its side and companions; NPCs never count. */
export const alliesOf = (state: EncounterState, id: string): string[] =>
  state.creatureIds.filter((o) => o !== id && state.creatures[o]!.side === state.creatures[id]!.side && ['pc', 'companion'].includes((state.creatures[o]!.sheet as unknown as StatBlock).kind));
