import { currentCreatureId, type CreatureState, type Resolution } from '@fray/engine';
import type { A5eModule } from '../module';
import { sheetOf } from '../sheet/derived';

/** The per-turn budget (A5E-ROUND-4): one action, one bonus action, one reaction per round, movement. */
export const ACTION = 'action';
export const BONUS = 'bonusAction';
export const REACTION = 'reaction';
export const MOVEMENT = 'movementFeet';
/** attacks left from an Attack action already begun (Extra Attack, Multiattack) */
export const ATTACKS_LEFT = 'attacksLeft';

export type Cost = 'action' | 'bonusAction' | 'reaction' | 'free';

export function has(c: CreatureState, key: string): boolean {
  return (c.resources[key] ?? 0) > 0;
}

/** Refuses unless it is the actor's turn (reactions excepted) and the cost can be paid; then pays it. */
export function spend(ctx: Resolution, actorId: string, cost: Cost, ruleId = 'A5E-ROUND-4'): void {
  const c = ctx.state.creatures[actorId];
  if (!c) return ctx.reject('unknown-creature', `no creature '${actorId}'`);
  if (cost === 'free') return;
  if (cost !== 'reaction' && currentCreatureId(ctx.state) !== actorId) ctx.reject('not-your-turn', `it is not ${c.name}'s turn`, ruleId);
  if (!has(c, cost)) {
    const what = cost === 'action' ? 'its action' : cost === 'bonusAction' ? 'its bonus action' : 'its reaction';
    ctx.reject(`no-${cost === 'bonusAction' ? 'bonus-action' : cost}-left`, `${c.name} has already used ${what}`, ruleId);
  }
  ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: cost, value: (c.resources[cost] ?? 1) - 1 });
}

export const economyModule: A5eModule = {
  id: 'a5e.economy',
  hooks: [
    {
      stage: 'turn.start', id: 'a5e.economy.reset', priority: 0, ruleId: 'A5E-ROUND-4',
      run: (ctx, p) => {
        const c = ctx.state.creatures[p.creatureId]!;
        const budget: Record<string, number> = { [ACTION]: 1, [BONUS]: 1, [REACTION]: 1, [MOVEMENT]: sheetOf(c).speed.walk, [ATTACKS_LEFT]: 0 };
        for (const [key, value] of Object.entries(budget)) {
          if (c.resources[key] !== value) ctx.emit({ type: 'ResourceSet', creatureId: c.id, key, value, ruleId: 'A5E-ROUND-4' });
        }
      },
    },
  ],
};
