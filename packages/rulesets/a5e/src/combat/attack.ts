import { dealDamage, damagePartsFromRoll, type Json, type Resolution, type TestPayload } from '@fray/engine';
import type { A5eModule } from '../module';
import { a5eTest, attachExpertise, type ExpertiseSource } from '../core/d20';
import { ACTION, ATTACKS_LEFT, spend } from '../core/economy';
import { attackAbility, attackBonus, mod, sheetById } from '../sheet/derived';
import type { Attack } from '../sheet/stat-block';

export interface AttackResult {
  target: string;
  outcome: 'hit' | 'crit' | 'miss';
  natural: number | null;
  total: number | null;
}

export interface MakeAttackOptions {
  /** opportunity attacks and other reactions do not spend the action */
  cost: 'action' | 'reaction' | 'free' | 'bonusAction';
  options?: string[];
}

/** Finds one of the actor's attacks by id (the first when none is named). */
export function findAttack(ctx: Resolution, actorId: string, attackId: Json | undefined): Attack {
  const sheet = sheetById(ctx.state, actorId);
  const attack = attackId === undefined ? sheet.attacks[0] : sheet.attacks.find((a) => a.id === attackId);
  if (!attack) ctx.reject('unknown-attack', `${sheet.name} has no attack '${String(attackId ?? '')}'; attacks: ${sheet.attacks.map((a) => a.id).join(', ') || 'none'}`);
  return attack;
}

/**
 * One attack against each target: a d20 test against AC per target, damage rolled once for all of
 * them (A5E-DMG-3), doubled for each target it crits (A5E-DMG-4), then each target's own steps.
 */
export function makeAttack(ctx: Resolution, actorId: string, attack: Attack, targets: string[], opts: MakeAttackOptions): AttackResult[] {
  const sheet = sheetById(ctx.state, actorId);
  const ability = attackAbility(sheet, attack);
  const results: AttackResult[] = [];
  for (const target of targets) {
    const tc = ctx.state.creatures[target];
    if (!tc) ctx.reject('unknown-creature', `no target '${target}'`);
    const p = a5eTest(ctx, {
      kind: 'attack',
      actor: actorId,
      target,
      ability,
      dc: { label: 'AC', value: armorClass(ctx, target) },
      base: { label: attack.name, value: attackBonus(sheet, attack) },
      options: [`attack:${attack.kind}`, `attack:id:${attack.id}`, ...(opts.options ?? [])],
      ruleId: 'A5E-ATK-2',
    });
    results.push({ target, outcome: (p.outcome as AttackResult['outcome']) ?? 'miss', natural: p.natural, total: p.total });
  }
  const landed = results.filter((r) => r.outcome === 'hit' || r.outcome === 'crit');
  if (!landed.length) return results;
  const record = ctx.roll(damageExpression(sheet, attack), { roller: actorId, purpose: `${attack.name} damage` });
  for (const r of landed) {
    let parts = damagePartsFromRoll(record, attack.damageType);
    if (r.outcome === 'crit') {
      const before = parts.reduce((a, x) => a + x.amount, 0);
      parts = parts.map((x) => ({ ...x, amount: x.amount * 2 }));
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-DMG-4', text: `critical hit: damage doubled, ${before} → ${before * 2}`, creatureId: r.target });
    }
    dealDamage(ctx, r.target, parts, {
      source: actorId,
      options: [`attack:${attack.kind}`, `attack:${r.outcome}`],
      data: { attack: attack.kind, outcome: r.outcome, attackId: attack.id },
    });
  }
  return results;
}

/** The damage roll: the attack's dice plus the ability modifier for weapons (A5E-DMG-2), minimum 0 per type. */
export function damageExpression(sheet: ReturnType<typeof sheetById>, attack: Attack): string {
  if (!attack.addAbilityToDamage || attack.bonus !== undefined && attack.properties.includes('spell')) return attack.damage;
  const m = mod(sheet, attackAbility(sheet, attack));
  if (m === 0) return attack.damage;
  // The modifier is labelled with the attack's type, so a typed roll stays typed.
  return `${attack.damage} ${m > 0 ? '+' : '-'} ${Math.abs(m)} ${attack.damageType}`;
}

/** AC with condition and hook modifiers, as a d20 test's target number. */
export function armorClass(ctx: Resolution, creatureId: string): number {
  const c = ctx.state.creatures[creatureId]!;
  const sheet = sheetById(ctx.state, creatureId);
  let ac = sheet.ac;
  for (const inst of c.conditions) {
    const def = ctx.ruleset.conditionById[inst.conditionId];
    for (const e of def?.effects ?? []) if (e.kind === 'modifier' && e.selector === 'ac') ac += e.value;
  }
  return ac;
}

/** A5E attack outcomes: natural 20 crits and hits, natural 1 fumbles and misses (A5E-ATK-6). */
function judgeAttack(_ctx: Resolution, p: TestPayload): void {
  if (p.kind !== 'attack' || p.autoFail) return;
  if (p.natural === 20) p.outcome = 'crit';
  else if (p.natural === 1) p.outcome = 'miss';
  else p.outcome = p.outcome === 'success' ? 'hit' : 'miss';
}

export const attackModule: A5eModule = {
  id: 'a5e.attack',
  hooks: [
    { stage: 'test.outcome', id: 'a5e.attack.natural', priority: 0, ruleId: 'A5E-ATK-6', run: judgeAttack },
    {
      stage: 'test.modifiers', id: 'a5e.expertise.attach', priority: 1000, ruleId: 'A5E-CORE-6',
      run: (ctx, p) => attachExpertise(ctx, p, (p.data['expertise'] as unknown as ExpertiseSource[] | undefined) ?? []),
    },
  ],
  actions: {
    /**
     * The Attack action: the first attack spends the action and leaves the rest of a multiattack
     * as `attacksLeft`, to be made between moves (A5E-ACT-3, A5E-ROUND-3).
     */
    attack: (ctx, actorId, targets, options) => {
      if (!targets.length) ctx.reject('no-target', 'an attack needs a target', 'A5E-ACT-3');
      const c = ctx.state.creatures[actorId]!;
      const attack = findAttack(ctx, actorId, options['attack']);
      if ((c.resources[ATTACKS_LEFT] ?? 0) > 0) {
        spend(ctx, actorId, 'free');
        ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: ATTACKS_LEFT, value: c.resources[ATTACKS_LEFT]! - 1, ruleId: 'A5E-ACT-3' });
      } else {
        spend(ctx, actorId, ACTION, 'A5E-ACT-3');
        const extra = sheetById(ctx.state, actorId).attacksPerAction - 1;
        if (extra > 0) ctx.emit({ type: 'ResourceSet', creatureId: actorId, key: ATTACKS_LEFT, value: extra, ruleId: 'A5E-ACT-3' });
      }
      makeAttack(ctx, actorId, attack, targets.slice(0, 1), { cost: 'action' });
    },
  },
};
