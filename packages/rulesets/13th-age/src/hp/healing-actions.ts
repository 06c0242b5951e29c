import { addCondition, d20Test, hasCondition } from '@fray/engine';
import type { ThirteenModule } from '../module';
import { abilityMod } from '../core/math';
import { pcSheet, hostile } from '../core/sheets';
import { actionRefusal, afterPaying, spendAction, canPay, type Refusal, type Rules } from '../core/economy';
import { useRecovery } from './recovery';
import { rollSave } from '../flow/saves';
import { engagedFoes, nextTo } from '../position/zones';

/** Why it cannot rally now (13A-HEAL-5): only PCs rally, on their turn, with a standard action to spend. */
export function rallyRefusal(ctx: Rules, id: string): Refusal | null {
  if (!pcSheet(ctx.state.creatures[id]!)) return { code: 'not-a-pc', message: 'only PCs do this', ruleId: '13A-HEAL-5' };
  return actionRefusal(ctx, id, 'standard', '13A-HEAL-5');
}

/**
 * Why it cannot try to stabilize `targets[0]` now (13A-DYING-8/9), everything the stabilize action
 * rejects before its healing check: only a PC, next to an unconscious ally not yet stabilized, with the
 * standard action (and the move action to get there when not next to it and engaged with no one).
 */
export function stabilizeRefusal(ctx: Rules, id: string, targets: readonly string[]): Refusal | null {
  if (!pcSheet(ctx.state.creatures[id]!)) return { code: 'not-a-pc', message: 'only PCs do this', ruleId: '13A-DYING-8' };
  const t = targets[0];
  if (!t) return { code: 'no-target', message: 'stabilize names an unconscious ally', ruleId: '13A-DYING-8' };
  const tc = ctx.state.creatures[t]!;
  if (hostile(ctx.state, id, t) || tc.status !== 'unconscious') return { code: 'illegal-target', message: `${tc.name} is not an unconscious ally`, ruleId: '13A-DYING-8' };
  if (hasCondition(tc, 'stabilized')) return { code: 'already-stabilized', message: `${tc.name} is already stabilized`, ruleId: '13A-DYING-9' };
  if (nextTo(ctx.state, id, t)) return actionRefusal(ctx, id, 'standard', '13A-DYING-8');
  // "Next to": allies engaged with the same enemy already are; a free helper spends a move getting there.
  if (engagedFoes(ctx.state, id).length) return { code: 'not-next-to', message: `${ctx.state.creatures[id]!.name} is engaged elsewhere: disengage or move away to reach ${tc.name} first`, ruleId: '13A-DYING-8' };
  if (!canPay(ctx, id, 'standard') || !ctx.state.creatures[id]!.resources['move']) return { code: 'no-action-left', message: 'getting next to the ally takes the move action and the check the standard action', ruleId: '13A-DYING-8' };
  return actionRefusal(ctx, id, 'move', '13A-DYING-8') ?? actionRefusal(afterPaying(ctx, id, 'move'), id, 'standard', '13A-DYING-8');
}

/** Why it cannot feed a potion to `targets[0]` (itself when none) now (13A-HEAL-7): a PC ally drinks it, for the giver's standard action. */
export function potionRefusal(ctx: Rules, id: string, targets: readonly string[]): Refusal | null {
  const t = targets[0] ?? id;
  if (!pcSheet(ctx.state.creatures[t]!)) return { code: 'not-a-pc', message: 'only PCs do this', ruleId: '13A-HEAL-7' };
  if (hostile(ctx.state, id, t)) return { code: 'illegal-target', message: 'potions go to allies', ruleId: '13A-HEAL-7' };
  return actionRefusal(ctx, id, 'standard', '13A-HEAL-7');
}

export const healingModule: ThirteenModule = {
  id: 'healing',
  actions: {
    /** 13A-HEAL-5/6: once a battle for a standard action; later rallies need a normal save first (free, and failing keeps the action). */
    rally: (ctx, id) => {
      const refusal = rallyRefusal(ctx, id);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      const c = () => (ctx.state.creatures[id])!;
      const rallies = c().tallies['rallies'] ?? 0;
      if (rallies > 0) {
        if (!rollSave(ctx, id, 'normal', 'rally', '13A-HEAL-6')) {
          ctx.emit({ type: 'RuleApplied', ruleId: '13A-HEAL-6', text: `${c().name} cannot rally this round; the standard action is still there`, creatureId: id });
          return;
        }
      }
      spendAction(ctx, id, 'standard', '13A-HEAL-5');
      ctx.emit({ type: 'TallySet', creatureId: id, key: 'rallies', value: rallies + 1, ruleId: '13A-HEAL-5' });
      useRecovery(ctx, id, 'rally');
    },
    /** 13A-DYING-8/9: DC 10 Wisdom healing check (d20 + Wis + level + background); 25+ takes only a quick action. */
    stabilize: (ctx, id, targets, options) => {
      const refusal = stabilizeRefusal(ctx, id, targets);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      const pc = pcSheet(ctx.state.creatures[id]!)!;
      const t = targets[0]!;
      const tc = ctx.state.creatures[t]!;
      if (!nextTo(ctx.state, id, t)) {
        spendAction(ctx, id, 'move', '13A-DYING-8');
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-DYING-8', text: `${ctx.state.creatures[id]!.name} moves next to ${tc.name}`, creatureId: id });
      }
      spendAction(ctx, id, 'standard', '13A-DYING-8');
      const bg = typeof options['background'] === 'string' ? (pc.backgrounds[options['background']] ?? 0) : 0;
      const p = d20Test(ctx, {
        kind: 'check', actor: id, selectors: ['check', 'check:wis'], options: ['check:healing'],
        base: { label: 'Wis modifier', value: abilityMod(pc.abilities.wis) },
        modifiers: [
          { id: 'level', label: 'level', value: pc.level, type: 'level', source: id, ruleId: '13A-SPEC-5' },
          ...(bg ? [{ id: 'background', label: `background ${String(options['background'])}`, value: bg, type: 'untyped', source: id, ruleId: '13A-SPEC-5' }] : []),
        ],
        against: { label: 'DC', value: 10 }, ruleId: '13A-DYING-8',
      });
      if (p.outcome !== 'success') {
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-DYING-8', text: 'the check fails: the standard action is wasted, the ally is unharmed', creatureId: id });
        return;
      }
      addCondition(ctx, t, 'stabilized', { source: id, ruleId: '13A-DYING-8' });
      if ((p.total ?? 0) >= 25 && (ctx.state.creatures[id]!.resources['quick'] ?? 0) > 0) {
        ctx.emit({ type: 'ResourceSet', creatureId: id, key: 'quick', value: 0, ruleId: '13A-DYING-8' });
        ctx.emit({ type: 'ResourceSet', creatureId: id, key: 'standard', value: 1, ruleId: '13A-DYING-8' });
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-DYING-8', text: 'a check of 25+ takes only a quick action', creatureId: id });
      }
    },
    /** 13A-HEAL-7: feeding a potion (a recovery of the drinker) always takes the giver's standard action. */
    potion: (ctx, id, targets) => {
      const refusal = potionRefusal(ctx, id, targets);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      const t = targets[0] ?? id;
      spendAction(ctx, id, 'standard', '13A-HEAL-7');
      useRecovery(ctx, t, 'healing potion');
    },
  },
};
