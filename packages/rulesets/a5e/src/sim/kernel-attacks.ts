import { parseDice } from '@fray/dice';
import type { LoadedRuleset } from '@fray/engine';
import { damageExpression } from '../combat/attack';
import { damageTypes, type Attack, type StatBlock } from '../sheet/stat-block';
import { TRACK_MAX } from '../conditions/tracks';
import { explainRollMode } from './roll-modes';
import type { KernelSlot, KernelTerm } from './fight-kernel';
import { conditionRiderOf } from './compile-conditions';

/**
 * One stat-block attack as a kernel slot (`KernelSlot`), or why the kernel does not make it: damage
 * whose terms are plain dice and constants of known damage types, and no rider but a save against
 * being knocked prone (`riderOf`).
 */
export function kernelSlot(sheet: StatBlock, attack: Attack, bonus: number): KernelSlot | string {
  const terms: KernelTerm[] = [];
  for (const t of parseDice(damageExpression(sheet, attack)).terms) {
    const type = t.label ?? attack.damageType;
    if (!(damageTypes as readonly string[]).includes(type)) return `damage labelled '${type}', not a damage type`;
    if (t.kind === 'dice' && t.keep) return 'damage dice that keep or drop';
    terms.push(t.kind === 'dice' ? { count: t.count, sides: t.sides, sign: t.sign, type } : { count: 0, sides: 0, sign: t.sign * t.value, type });
  }
  const rider = attack.onHit?.length ? riderOf(attack) : null;
  // A rider that paralyzes or grapples is played by kernel-conditions.ts (its first attack, without a map).
  const condition = rider === undefined ? conditionRiderOf(attack) : undefined;
  if (condition !== undefined) return { bonus, terms, rider: null, condition: condition.rider };
  if (rider === undefined) return `${attack.id === sheet.attacks[0]?.id ? 'its first attack' : `its attack '${attack.id}'`} has riders`;
  return { bonus, terms, rider };
}

/**
 * The one rider the kernel models (the ashback wolf's bite): after the damage, a Strength or Dexterity
 * save against a DC, failed, knocks the target prone; nothing on a success. Undefined for anything else.
 */
function riderOf(attack: Attack): KernelSlot['rider'] | undefined {
  const nodes = attack.onHit as unknown as Record<string, unknown>[];
  if (nodes.length !== 1) return undefined;
  const save = nodes[0]!;
  if (save['kind'] !== 'save' || Object.keys(save).some((k) => !['kind', 'ability', 'dc', 'fail'].includes(k))) return undefined;
  const ability = save['ability'];
  if (ability !== 'str' && ability !== 'dex') return undefined;
  const fail = save['fail'] as Record<string, unknown>[];
  if (fail.length !== 1 || fail[0]!['kind'] !== 'applyCondition' || fail[0]!['condition'] !== 'prone' || Object.keys(fail[0]!).length !== 2) return undefined;
  return { ability, dc: save['dc'] as number };
}

/**
 * Why a rider's save cannot be made as a plain d20 by this target, whatever strife and prone it holds
 * in the fight (a save with advantage or disadvantage), or why the rider would not knock it down
 * (immune to prone); null when the kernel rolls it as the rules do.
 */
export function riderTargetRefusal(ruleset: LoadedRuleset, sheet: StatBlock, rider: NonNullable<KernelSlot['rider']>, attackId: string): string | null {
  if (sheet.conditionImmunities.includes('prone')) return 'immune to prone, which a rider would knock it';
  for (let level = 0; level <= TRACK_MAX; level++) {
    for (const prone of [false, true]) {
      const held = [...(prone ? [{ conditionId: 'prone', instanceId: 'prone#1' }] : []), ...(level ? [{ conditionId: 'strife', instanceId: 'strife#1', level }] : [])];
      const m = explainRollMode(ruleset, 'save', held, [], ['save', `save:${rider.ability}`], [`attack:id:${attackId}`]);
      if (m.mode !== 'normal' || m.bonus !== 0) return `a rider's ${rider.ability} save with advantage or disadvantage`;
    }
  }
  return null;
}
