import type { Json } from '../core/json';
import type { DurationInput } from '../condition/duration';
import type { Resolution } from '../resolve/context';
import { addCondition, removeCondition } from './conditions';
import { dealDamage, damagePartsFromRoll, heal } from './damage';
import { d20Test } from './test';

/**
 * Actions as data: a closed tree of effect nodes the engine interprets (Avrae-style).
 * `hook` is the one escape into a ruleset's code, named and checked at load.
 */
export type EffectNode =
  | { kind: 'attack'; bonus: number; defense?: string; label?: string; options?: string[]; hit: EffectNode[]; miss?: EffectNode[]; crit?: EffectNode[] }
  | { kind: 'save'; ability: string; dc: number; fail: EffectNode[]; success?: EffectNode[] }
  | { kind: 'damage'; dice: string; type: string; half?: boolean }
  | { kind: 'heal'; dice: string }
  | { kind: 'applyCondition'; condition: string; level?: number; duration?: DurationInput; to?: 'target' | 'self' }
  | { kind: 'removeCondition'; condition: string; to?: 'target' | 'self' }
  | { kind: 'choose'; key: string; text: string; chooser: 'actor' | 'target' | 'gm'; options: { id: string; label: string; effects: EffectNode[] }[] }
  | { kind: 'hook'; hook: string; params?: Json };

export interface EffectScope {
  actor: string;
  target: string | null;
  /** set by an attack node for the damage under it: 'crit' doubles dice */
  outcome?: string;
  /** set by a save node: a successful save halves `half` damage */
  saved?: boolean;
  options: string[];
}

export type EffectHandler<K extends EffectNode['kind']> = (ctx: Resolution, node: Extract<EffectNode, { kind: K }>, scope: EffectScope, run: (nodes: EffectNode[], scope: EffectScope) => void) => void;
export type EffectHandlers = { [K in EffectNode['kind']]?: EffectHandler<K> };

/** What a ruleset supplies so the default handlers can play: defenses, saves, crits, named hooks. */
export interface EffectRules {
  defense(ctx: Resolution, targetId: string, defense: string): { label: string; value: number };
  saveBonus(ctx: Resolution, creatureId: string, ability: string): number;
  /** turns a d20 test's outcome into 'hit' | 'miss' | 'crit' | ... */
  attackOutcome(ctx: Resolution, natural: number | null, success: boolean): string;
  /** the damage expression for an outcome ('crit' doubles dice in most d20 games) */
  damageDice(dice: string, outcome: string | undefined): string;
  hooks?: Record<string, (ctx: Resolution, scope: EffectScope, params: Json | undefined) => void>;
  overrides?: EffectHandlers;
}

export function runEffects(ctx: Resolution, rules: EffectRules, nodes: readonly EffectNode[], scope: EffectScope): void {
  const run = (ns: EffectNode[], sc: EffectScope) => runEffects(ctx, rules, ns, sc);
  for (const node of nodes) {
    const override = rules.overrides?.[node.kind] as EffectHandler<typeof node.kind> | undefined;
    if (override) {
      override(ctx, node as never, scope, run);
      continue;
    }
    const targetOf = (to: 'target' | 'self' | undefined) => (to === 'self' ? scope.actor : scope.target);
    switch (node.kind) {
      case 'attack': {
        if (!scope.target) ctx.reject('no-target', 'an attack needs a target');
        const against = rules.defense(ctx, scope.target, node.defense ?? 'ac');
        const p = d20Test(ctx, {
          kind: 'attack',
          actor: scope.actor,
          target: scope.target,
          selectors: ['attack'],
          options: [...scope.options, ...(node.options ?? [])],
          base: { label: node.label ?? 'attack bonus', value: node.bonus },
          against,
          judge: (t) => {
            t.outcome = rules.attackOutcome(ctx, t.natural, t.outcome === 'success');
          },
        });
        const outcome = p.outcome ?? 'miss';
        const next = { ...scope, outcome };
        if (outcome === 'crit') run(node.crit ?? node.hit, next);
        else if (outcome === 'hit') run(node.hit, next);
        else run(node.miss ?? [], next);
        break;
      }
      case 'save': {
        const target = scope.target ?? scope.actor;
        const p = d20Test(ctx, {
          kind: 'save',
          actor: target,
          target: null,
          selectors: ['save', `save:${node.ability}`],
          options: scope.options,
          base: { label: `${node.ability.toUpperCase()} save`, value: rules.saveBonus(ctx, target, node.ability) },
          against: { label: 'DC', value: node.dc },
        });
        const saved = p.outcome === 'success';
        run(saved ? (node.success ?? []) : node.fail, { ...scope, saved });
        break;
      }
      case 'damage': {
        const target = scope.target;
        if (!target) ctx.reject('no-target', 'damage needs a target');
        const record = ctx.roll(rules.damageDice(node.dice, scope.outcome), { roller: scope.actor, purpose: 'damage' });
        let parts = damagePartsFromRoll(record, node.type);
        if (node.half && scope.saved) parts = parts.map((x) => ({ ...x, amount: Math.floor(x.amount / 2) }));
        dealDamage(ctx, target, parts, { source: scope.actor, options: scope.outcome ? [`attack:${scope.outcome}`] : [] });
        break;
      }
      case 'heal': {
        const record = ctx.roll(node.dice, { roller: scope.actor, purpose: 'healing' });
        heal(ctx, scope.target ?? scope.actor, record.total, scope.actor);
        break;
      }
      case 'applyCondition': {
        const who = targetOf(node.to);
        if (!who) ctx.reject('no-target', `applying ${node.condition} needs a target`);
        addCondition(ctx, who, node.condition, { source: scope.actor, ...(node.level ? { level: node.level } : {}), ...(node.duration ? { duration: node.duration } : {}) });
        break;
      }
      case 'removeCondition': {
        const who = targetOf(node.to);
        if (who) removeCondition(ctx, who, node.condition, `removed by ${scope.actor}`);
        break;
      }
      case 'choose': {
        const chooserId = node.chooser === 'actor' ? scope.actor : node.chooser === 'target' ? scope.target : null;
        const answer = ctx.ask({
          key: node.key,
          to: chooserId ? { controllerOf: chooserId } : { role: 'gm' },
          about: chooserId,
          text: node.text,
          options: node.options.map((o) => ({ id: o.id, label: o.label })),
        });
        const picked = node.options.find((o) => o.id === answer)!;
        run(picked.effects, scope);
        break;
      }
      case 'hook': {
        const h = rules.hooks?.[node.hook];
        if (!h) ctx.reject('unknown-hook', `no effect hook '${node.hook}'`);
        h(ctx, scope, node.params);
        break;
      }
    }
  }
}
