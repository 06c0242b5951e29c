import type { Resolution } from '@fray/engine';
import { creatureIn, isPc, sheetOf } from '../core/sheet';
import { askForMorale } from './morale';

/**
 * The usual moments for morale (FTD-MORALE-4) that a death brings: the first death of the fight,
 * and a leader or expert killed. The GM is asked; the default is no check.
 */
export function moraleOnDeath(ctx: Resolution, id: string): void {
  if (ctx.state.options['moraleTriggers'] === false) return;
  const c = creatureIn(ctx.state, id);
  const leader = sheetOf(c).leader || c.tags.includes('leader') || c.tags.includes('expert');
  const first = ctx.state.vars['ftd.firstDeath'] === undefined;
  if (first) ctx.emit({ type: 'VarSet', creatureId: null, key: 'ftd.firstDeath', value: id });
  if (!first && !leader) return;
  const allies = ctx.state.creatureIds.filter((x) => x !== id && creatureIn(ctx.state, x).side === c.side && creatureIn(ctx.state, x).status === 'conscious' && !isPc(creatureIn(ctx.state, x)));
  if (!allies.length) return;
  askForMorale(ctx, allies, leader ? `${c.name}, a leader, is killed` : `${c.name} is the first to die`);
}
