import { d20Test, type Resolution, type Json } from '@fray/engine';
import { saveTarget } from '../core/math';
import type { SaveDifficulty } from '../sheet/stat-block';

const saveBonusOf = (ctx: Resolution, id: string): number => {
  const s = ctx.state.creatures[id]!.sheet as unknown as { saveBonus?: number };
  return s.saveBonus ?? 0;
};

/** 13A-SAVE-1/2: a plain d20 (only explicit save bonuses) against 6+ / 11+ / 16+ or a stated number. */
export function rollSave(ctx: Resolution, id: string, difficulty: SaveDifficulty | number, why: string, ruleId = '13A-SAVE-2', penalties: { id: string; label: string; value: number; ruleId: string }[] = []): boolean {
  const target = typeof difficulty === 'number' ? difficulty : saveTarget[difficulty];
  const p = d20Test(ctx, {
    kind: 'save', actor: id, selectors: ['save'], options: [`save:${why}`],
    base: { label: 'save bonus', value: saveBonusOf(ctx, id) },
    modifiers: penalties.map((x) => ({ ...x, type: 'untyped', source: id })),
    // read with its number: "vs normal save 11" (11 or more succeeds)
    against: { label: typeof difficulty === 'number' ? 'save' : `${difficulty} save`, value: target }, ruleId,
  });
  return p.outcome === 'success';
}

export const difficultyOf = (save: Json): SaveDifficulty => {
  const d = save && typeof save === 'object' && !Array.isArray(save) ? (save as Record<string, Json>)['difficulty'] : null;
  return d === 'easy' || d === 'hard' ? d : 'normal';
};
