import { addCondition, d20Test, hasCondition, type Resolution } from '@fray/engine';
import type { ThirteenModule } from '../module';
import { abilityMod } from '../core/math';
import { pcSheet, hostile } from '../core/sheets';
import { actionRefusal, spendAction, canPay, type Refusal, type Rules } from '../core/economy';
import { useRecovery } from './recovery';
import { rollSave } from '../flow/saves';
import { engagedFoes, nextTo } from '../position/zones';

function requirePc(ctx: Resolution, id: string, ruleId: string) {
  const pc = pcSheet(ctx.state.creatures[id]!);
  if (!pc) return ctx.reject('not-a-pc', `only PCs do this`, ruleId);
  return pc;
}

/** Why it cannot rally now (13A-HEAL-5): only PCs rally, on their turn, with a standard action to spend. */
export function rallyRefusal(ctx: Rules, id: string): Refusal | null {
  if (!pcSheet(ctx.state.creatures[id]!)) return { code: 'not-a-pc', message: 'only PCs do this', ruleId: '13A-HEAL-5' };
  return actionRefusal(ctx, id, 'standard', '13A-HEAL-5');
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
      const pc = requirePc(ctx, id, '13A-DYING-8');
      const t = targets[0];
      if (!t) return ctx.reject('no-target', 'stabilize names an unconscious ally', '13A-DYING-8');
      const tc = ctx.state.creatures[t]!;
      if (hostile(ctx.state, id, t) || tc.status !== 'unconscious') ctx.reject('illegal-target', `${tc.name} is not an unconscious ally`, '13A-DYING-8');
      if (hasCondition(tc, 'stabilized')) ctx.reject('already-stabilized', `${tc.name} is already stabilized`, '13A-DYING-9');
      // "Next to": allies engaged with the same enemy already are; a free helper spends a move getting there.
      if (!nextTo(ctx.state, id, t)) {
        if (engagedFoes(ctx.state, id).length) ctx.reject('not-next-to', `${ctx.state.creatures[id]!.name} is engaged elsewhere: disengage or move away to reach ${tc.name} first`, '13A-DYING-8');
        if (!canPay(ctx, id, 'standard') || !ctx.state.creatures[id]!.resources['move']) ctx.reject('no-action-left', 'getting next to the ally takes the move action and the check the standard action', '13A-DYING-8');
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
      const t = targets[0] ?? id;
      requirePc(ctx, t, '13A-HEAL-7');
      if (hostile(ctx.state, id, t)) ctx.reject('illegal-target', 'potions go to allies', '13A-HEAL-7');
      spendAction(ctx, id, 'standard', '13A-HEAL-7');
      useRecovery(ctx, t, 'healing potion');
    },
  },
};
