import { parseDice } from '@fray/dice';
import {
  calculateDamage, type CompiledFight, type CompiledPolicySpec, type CreatureState, type EncounterState, type LoadedRuleset, type NotCompiled,
} from '@fray/engine';
import { ROUND_LENGTHS } from '../flow/encounter';
import { attackBonus, mod, sheetOf } from '../sheet/derived';
import { damageExpression } from '../combat/attack';
import { damageTypes, type StatBlock } from '../sheet/stat-block';
import { knownDyingRules } from '../dying/state';
import { A5eFightKernel, type KernelCreature, type KernelTerm } from './fight-kernel';

/**
 * Encounter options a compiled fight can honour. Every other option changes something the kernel
 * does not model, so such fights stay on the engine.
 */
const HARMLESS_OPTIONS = new Set(['npcDyingPrompt', 'massiveDamageAtZero', 'fatigueLevel7', 'expertiseStacking', 'otherDamageAtZeroPrompt']);
/** Creature tags `initCreature` gives; anything else (no-initiative, a mount's, a summon's) is outside. */
const KIND_TAGS = new Set(['pc', 'npc', 'monster']);

/**
 * Compiles an A5E fight for the simulator when everything in it is within what the kernel models
 * (`fight-kernel.ts`): a fresh fight without a map, environment, duel, countdown or scenario; creatures
 * fresh from their stat blocks (no conditions, effects, vars, hidden or controlled creatures), each
 * fighting with the first of its stat block's attacks, a melee weapon or natural attack without riders,
 * whose damage is plain dice and constants. Numbers come from the rules' own functions: the attack
 * bonus (`attackBonus`), the damage roll (`damageExpression`), the damage each target takes
 * (`calculateDamage` with its `damageProfile` and the ruleset's steps, tabulated per damage type).
 */
export function compileA5eFight(ruleset: LoadedRuleset, state: EncounterState, spec: CompiledPolicySpec): CompiledFight | NotCompiled {
  const no = (unsupported: string): NotCompiled => ({ unsupported });
  if (spec.prompts !== 'sim') return no(`prompt answers '${spec.prompts}' are not the simulator's`);
  if (state.phase !== 'setup' || state.order.length || state.round !== 0) return no('the fight is under way (odds from here play on the engine)');
  if (state.pending) return no('a prompt is waiting');
  if (state.space !== null) return no('creatures are placed on a map');
  if (state.modules.length) return no(`modules in play: ${state.modules.join(', ')}`);
  if (Object.keys(state.vars).length) return no(`encounter vars in play: ${Object.keys(state.vars).join(', ')}`);
  if (Object.keys(state.counters).length) return no(`encounter counters in play: ${Object.keys(state.counters).join(', ')}`);
  const option = Object.keys(state.options).find((k) => !HARMLESS_OPTIONS.has(k));
  if (option !== undefined) return no(`encounter option '${option}'`);
  if (!(ROUND_LENGTHS as readonly number[]).includes(state.roundSeconds)) return no('a round length the rules refuse');
  if (!state.creatureIds.length) return no('nobody is in the fight');

  const sides: string[] = [];
  const creatures: KernelCreature[] = [];
  for (const id of state.creatureIds) {
    const c = state.creatures[id]!;
    const why = creatureRefusal(c);
    if (why) return no(`${id}: ${why}`);
    if (!sides.includes(c.side)) sides.push(c.side);
    const sheet = sheetOf(c);
    const rules = knownDyingRules(c);
    const attack = sheet.attacks[0];
    let terms: KernelTerm[] = [];
    if (attack) {
      const expression = parseDice(damageExpression(sheet, attack));
      for (const t of expression.terms) {
        const type = t.label ?? attack.damageType;
        if (!(damageTypes as readonly string[]).includes(type)) return no(`${id}: damage labelled '${type}', not a damage type`);
        if (t.kind === 'dice' && t.keep) return no(`${id}: damage dice that keep or drop`);
        terms.push(t.kind === 'dice' ? { count: t.count, sides: t.sides, sign: t.sign, type } : { count: 0, sides: 0, sign: t.sign * t.value, type });
      }
    } else terms = [];
    creatures.push({
      id, side: sides.indexOf(c.side), hp: c.hp, maxHp: c.maxHp, ac: sheet.ac,
      initiative: mod(sheet, 'dex'),
      // Characters and important NPCs follow the full dying rules; the kernel hands such a fight back when one drops.
      fullRules: rules === 'pc',
      shield: sheet.shield,
      attacks: attack ? sheet.attacksPerAction : 0,
      bonus: attack ? attackBonus(sheet, attack) : 0,
      terms,
      attackName: attack?.name ?? '',
      damageText: attack ? damageExpression(sheet, attack) : '',
      damageType: attack?.damageType ?? '',
      profile: ruleset.damageProfile(state, id),
    });
  }

  // Per target and damage type: what each amount becomes after the target's defences.
  const types = [...new Set(creatures.flatMap((c) => c.terms.map((t) => t.type)))];
  const maxByType = new Map<string, number>();
  for (const c of creatures) {
    const perType = new Map<string, number>();
    for (const t of c.terms) perType.set(t.type, (perType.get(t.type) ?? 0) + (t.count ? t.count * t.sides : Math.max(0, t.sign)));
    for (const [type, v] of perType) maxByType.set(type, Math.max(maxByType.get(type) ?? 0, 2 * v));
  }
  const tables: Int32Array[][] = [];
  for (const c of creatures) {
    const profile = c.profile;
    if (profile.threshold !== null) return no(`${c.id}: a damage threshold`);
    if (profile.tempHp !== 0) return no(`${c.id}: temporary hit points`);
    tables.push(types.map((type) => {
      const max = maxByType.get(type) ?? 0;
      const table = new Int32Array(max + 1);
      for (let amount = 0; amount <= max; amount++) table[amount] = calculateDamage([{ type, amount }], profile, ruleset.damageSteps).total;
      return table;
    }));
  }
  return new A5eFightKernel(state.creatureIds, sides, creatures, types, tables, spec, ruleset.damageSteps);
}

/** Why a creature is outside the compiled rules, or null. */
function creatureRefusal(c: CreatureState): string | null {
  if (c.status !== 'conscious' || c.hp <= 0) return 'not up at the start';
  if (c.tempHp !== 0) return 'temporary hit points';
  if (c.conditions.length) return 'conditions';
  if (Object.values(c.tracks).some((v) => v !== 0)) return 'fatigue or strife';
  if (Object.values(c.tallies).some((v) => v !== 0)) return 'tallies';
  if (c.hidden) return 'hidden';
  if (Object.keys(c.vars).length) return `vars ${Object.keys(c.vars).join(', ')}`;
  if (c.tags.some((t) => !KIND_TAGS.has(t))) return `tags ${c.tags.join(', ')}`;
  const sheet = sheetOf(c) as StatBlock;
  if (sheet.kind === 'object') return 'an object';
  if (sheet.actions?.length) return 'special actions';
  if (sheet.reactions?.length) return 'reactions';
  const attack = sheet.attacks[0];
  if (attack) {
    if (attack.kind !== 'melee') return 'its first attack is ranged';
    if (attack.onHit?.length) return 'its first attack has riders';
  }
  return null;
}
