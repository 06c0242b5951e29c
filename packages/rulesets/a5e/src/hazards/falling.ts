import { addCondition, dealDamage, moveCreature, SpaceError, type GridSpaceState, type Resolution } from '@fray/engine';
import { a5eTest } from '../core/d20';

/** 1d6 per full 10 ft, at most 20d6 (A5E-ENV-1; a fall under 10 ft deals nothing but still knocks prone). */
export function fallDice(feet: number): number {
  return Math.min(20, Math.floor(Math.max(0, feet) / 10));
}

export interface FallOptions {
  intoWater?: boolean;
  /** why it fell, for the log */
  cause?: string;
}

/** Lowers a creature on a grid by the distance it fell (not below the ground); an occupied landing spot leaves it where it is. */
function landOnGrid(ctx: Resolution, creatureId: string, feet: number): void {
  const space = ctx.state.space as GridSpaceState | null;
  if (!space || space.kind !== 'grid') return;
  const at = space.creatures[creatureId];
  if (!at || at.elevation <= 0) return;
  try {
    const next = moveCreature(space, creatureId, { x: at.x, y: at.y, elevation: Math.max(0, at.elevation - feet) });
    ctx.emit({ type: 'SpaceChanged', space: next as never, moved: creatureId });
  } catch (e) {
    if (!(e instanceof SpaceError)) throw e;
  }
}

/**
 * A fall: 1d6 bludgeoning per 10 ft (max 20d6), landing prone (A5E-ENV-1). Into water the faller may
 * dive: a Strength (Athletics) check against the distance ÷ 5 takes no damage, otherwise half; it is
 * not knocked prone (A5E-ENV-2, catalog rulings).
 */
export function fall(ctx: Resolution, creatureId: string, feet: number, opts: FallOptions = {}): void {
  if (!ctx.state.creatures[creatureId]) return ctx.reject('unknown-creature', `no creature '${creatureId}'`);
  const c = () => ctx.state.creatures[creatureId]!;
  const dice = fallDice(feet);
  ctx.emit({ type: 'RuleApplied', ruleId: opts.intoWater ? 'A5E-ENV-2' : 'A5E-ENV-1', text: `${c().name} falls ${feet} ft${opts.intoWater ? ' into water' : ''}${opts.cause ? ` (${opts.cause})` : ''}`, creatureId });
  landOnGrid(ctx, creatureId, feet);
  if (opts.intoWater) {
    const dive = ctx.ask({
      key: 'a5e.fall.dive', to: { controllerOf: creatureId }, about: creatureId, ruleId: 'A5E-ENV-2',
      text: `${c().name} is falling ${feet} ft into water: dive (Athletics DC ${Math.floor(feet / 5)}) to take no damage?`,
      options: [{ id: 'dive', label: 'Dive' }, { id: 'no', label: 'Just fall' }], default: 'dive',
    });
    if (dive === 'dive') {
      const p = a5eTest(ctx, { kind: 'check', actor: creatureId, ability: 'str', skill: 'athletics', dc: { label: 'dive DC', value: Math.floor(feet / 5) }, options: ['check:dive'], ruleId: 'A5E-ENV-2' });
      if (p.outcome === 'success') {
        ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENV-2', text: `${c().name} dives in cleanly and takes no damage`, creatureId });
        return;
      }
    }
    if (dice === 0) return;
    const rolled = ctx.roll(`${dice}d6`, { roller: null, purpose: `falling ${feet} ft` }).total;
    const half = Math.floor(rolled / 2);
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-ENV-2', text: `landing in water halves the falling damage: ${rolled} → ${half}`, creatureId });
    dealDamage(ctx, creatureId, [{ type: 'bludgeoning', amount: half }], { options: ['damage:falling'], data: { cause: 'falling' } });
    return;
  }
  if (dice > 0) {
    const rolled = ctx.roll(`${dice}d6`, { roller: null, purpose: `falling ${feet} ft` }).total;
    dealDamage(ctx, creatureId, [{ type: 'bludgeoning', amount: rolled }], { options: ['damage:falling'], data: { cause: 'falling' } });
  }
  const after = ctx.state.creatures[creatureId]!;
  if (after.status !== 'dead' && !after.conditions.some((x) => x.conditionId === 'prone')) addCondition(ctx, creatureId, 'prone', { source: 'falling', ruleId: 'A5E-ENV-1' });
}
