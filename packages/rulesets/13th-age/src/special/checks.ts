import { d20Test, hasFlag, type Json } from '@fray/engine';
import type { Refusal, Rules } from '../core/economy';
import type { ThirteenModule } from '../module';
import type { AbilityName } from '../sheet/stat-block';
import { abilityMod } from '../core/math';
import { pcSheet } from '../core/sheets';

const abilities = ['str', 'dex', 'con', 'int', 'wis', 'cha'];

/**
 * Why it cannot make a check now (13A-SPEC-5): only PCs roll them here, naming the ability. It takes no
 * action and comes at any time; whether a background helps and the DC are the GM's, after.
 */
export function checkRefusal(ctx: Rules, id: string, options: Readonly<Record<string, Json>>): Refusal | null {
  if (!pcSheet(ctx.state.creatures[id]!)) return { code: 'not-a-pc', message: 'skill checks here are for PCs; the GM rules for monsters', ruleId: '13A-SPEC-5' };
  const ability = options['ability'];
  if (typeof ability !== 'string' || !abilities.includes(ability)) return { code: 'bad-ability', message: `name the ability the move relies on: ${abilities.join(', ')}`, ruleId: '13A-SPEC-5' };
  return null;
}

/**
 * 13A-SPEC-5 dicey moves and 13A-STAT-6 speed checks: the GM names the DC; the roll is d20 + ability
 * modifier + level + an accepted background (the proposed skill-check formula).
 */
export const checksModule: ThirteenModule = {
  id: 'checks',
  actions: {
    check: (ctx, id, _targets, options) => {
      const refusal = checkRefusal(ctx, id, options);
      if (refusal) ctx.reject(refusal.code, refusal.message, refusal.ruleId);
      const pc = pcSheet(ctx.state.creatures[id]!)!;
      const ability = options['ability'] as AbilityName;
      const purpose = options['purpose'] === 'speed' ? 'speed' : options['purpose'] === 'stealth' ? 'stealth' : 'dicey move';
      // 13A-MOD-3: invisible creatures get at least +5 to stealth, unless the observers sense without sight.
      const invisible = purpose === 'stealth' && hasFlag(ctx.ruleset, ctx.state.creatures[id]!, 'invisible') && options['observersSenseWithoutSight'] !== true;
      const bgName = typeof options['background'] === 'string' ? options['background'] : null;
      let bg = bgName ? (pc.backgrounds[bgName] ?? 0) : 0;
      if (bg) {
        const ok = ctx.ask({ key: '13a.background', to: { role: 'gm' }, about: id, text: `Does background "${bgName}" help with this ${purpose}?`, options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }], default: 'yes' });
        if (ok !== 'yes') bg = 0;
      }
      const dc = ctx.ask({ key: '13a.checkDc', to: { role: 'gm' }, about: id, text: `DC for ${ctx.state.creatures[id]!.name}'s ${purpose} (the environment decides)`, input: { kind: 'number', min: 1, max: 40 }, options: [], default: 15 }) as number;
      d20Test(ctx, {
        kind: 'check', actor: id, selectors: ['check', `check:${ability}`], options: [`check:${purpose === 'dicey move' ? 'dicey' : purpose}`],
        base: { label: `${ability} modifier`, value: abilityMod(pc.abilities[ability]) },
        modifiers: [
          { id: 'level', label: 'level', value: pc.level, type: 'level', source: id, ruleId: '13A-SPEC-5' },
          ...(invisible ? [{ id: 'invisible', label: 'invisible', value: 5, type: 'untyped', source: id, ruleId: '13A-MOD-3' }] : []),
          ...(bg ? [{ id: 'background', label: `background ${bgName}`, value: bg, type: 'untyped', source: id, ruleId: '13A-SPEC-5' }] : []),
        ],
        against: { label: 'DC', value: dc }, ruleId: purpose === 'speed' ? '13A-STAT-6' : '13A-SPEC-5',
      });
    },
  },
};
