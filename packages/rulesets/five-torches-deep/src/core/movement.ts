import { SpaceError, engage, moveCreature, setBand, terrainAt, type GridSpaceState, type Json, type Resolution, type ZoneSpaceState } from '@fray/engine';
import { inRounds, requireTurn, spend } from './economy';
import { creatureIn, immobileEffect, speedOf } from './sheet';

const specialModes = ['climb', 'swim', 'crawl'];

/**
 * Feet come in movement actions of the creature's speed, split as it likes (FTD-ACT-5); a second
 * movement action needs a trade-down (FTD-ACT-4). Special movement and difficult terrain cost double,
 * which is half speed rounded down to 5 ft (FTD-LOAD-2).
 */
function pay(ctx: Resolution, id: string, cost: number): void {
  if (!inRounds(ctx)) return;
  const c = creatureIn(ctx.state, id);
  const speed = speedOf(ctx.ruleset, c);
  let left = c.resources['moveFeet'] ?? 0;
  while (left < cost) {
    if ((creatureIn(ctx.state, id).resources['movement'] ?? 0) < 1) {
      ctx.reject('too-far', `${c.name} needs ${cost} ft of movement and has ${left} ft left: trade the active action down for another movement action`, 'FTD-ACT-5');
    }
    spend(ctx, id, 'movement');
    left += speed;
  }
  ctx.emit({ type: 'ResourceSet', creatureId: id, key: 'moveFeet', value: left - cost, ruleId: 'FTD-ACT-5' });
}

function str(o: Record<string, Json>, k: string): string | undefined {
  return typeof o[k] === 'string' ? o[k] : undefined;
}

export function ftdMove(ctx: Resolution, id: string, to: Json): void {
  const c = creatureIn(ctx.state, id);
  requireTurn(ctx, id);
  if (speedOf(ctx.ruleset, c) === 0) {
    // A condition (exhausted, FTD-RESIL-5) stops a creature whatever it carries; otherwise it is the load (FTD-LOAD-4).
    const stop = immobileEffect(ctx.ruleset, c);
    if (stop) ctx.reject('immobile', `${c.name} is ${stop.conditionId}: speed 0 ft`, stop.effect.ruleId ?? 'FTD-RESIL-5');
    ctx.reject('immobile', `${c.name} carries so much that its speed is 0 ft: drop some load`, 'FTD-LOAD-4');
  }
  const space = ctx.state.space as GridSpaceState | ZoneSpaceState | null;
  if (!space || (space.kind !== 'grid' && space.kind !== 'zones')) return ctx.reject('no-space', 'this encounter has no map or zones to move in');
  if (!Object.hasOwn(space.creatures, id)) return ctx.reject('not-placed', `${c.name} is not placed in the scene`);
  const t = (to ?? {}) as Record<string, Json>;
  const mode = str(t, 'mode') ?? 'walk';
  if (mode !== 'walk' && !specialModes.includes(mode)) ctx.reject('bad-move', `mode is walk, ${specialModes.join(', ')}`);
  try {
    if (space.kind === 'grid') {
      if (typeof t['x'] !== 'number' || typeof t['y'] !== 'number') return ctx.reject('bad-move', 'on a grid, move to { x, y }');
      const from = space.creatures[id]!;
      const feet = Math.max(Math.abs(t['x'] - from.x), Math.abs(t['y'] - from.y)) * space.squareFeet;
      const special = mode !== 'walk' || terrainAt(space, { x: t['x'], y: t['y'] }).difficult;
      if (special) ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-LOAD-2', text: `${c.name} moves at half speed (${mode === 'walk' ? 'difficult terrain' : mode})`, creatureId: id });
      pay(ctx, id, special ? feet * 2 : feet);
      ctx.emit({ type: 'SpaceChanged', space: moveCreature(space, id, { x: t['x'], y: t['y'] }) as never, moved: id });
      return;
    }
    // Zones: each move (closing in, pulling back, changing zone) is one movement action.
    const engageWith = str(t, 'engage');
    const withdraw = str(t, 'withdraw');
    const zone = str(t, 'zone');
    let next: ZoneSpaceState;
    if (engageWith) next = engage(space, id, engageWith);
    else if (withdraw) next = setBand(space, id, withdraw, str(t, 'band') ?? 'ranged');
    else if (zone !== undefined) next = moveCreature(space, id, { zone });
    else return ctx.reject('bad-move', 'in zones, move with { engage: id }, { withdraw: id, band: ranged|far } or { zone }');
    if (inRounds(ctx)) spend(ctx, id, 'movement');
    ctx.emit({ type: 'SpaceChanged', space: next as never, moved: id });
  } catch (e) {
    if (e instanceof SpaceError) ctx.reject(e.code, e.message);
    throw e;
  }
}
