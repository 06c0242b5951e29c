// The simulator's Five Torches Deep shape for the benches: the research's standard 4v4
// (shared/research/performance-anchors.md, Part 2) in FTD terms, built straight from the ruleset without
// the CLI (benches measure the rules, not the loader). Four guards as characters (AC 16, 28 HP, DEX 14
// for the research's initiative +2, STR 16 and PB 2 for +5 to hit, 1d8 + STR) against four raiders as
// monsters (AC 13, 15 HP, DEX 12, a +5 attack bonus, 1d12 + 3). FTD has no initiative roll: the DEX
// score is the count and equal scores roll off, so every fight rolls off both sides' ties. A creature at
// 0 HP lies dying and takes no turns, as out as the research's rules want it. The simulator's FTD
// policies with the compiled description (the registry does not list FTD as compiled yet).
import type { EncounterSetup } from '@fray/engine';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import { scenarioFromSetup, simPoliciesFor, type SimScenario, type TargetStrategy } from '@fray/sim';

const abilities = (str: number, dex: number) => ({ str, dex, con: 12, int: 10, wis: 10, cha: 10 });
const guard = { name: 'Caravan Guard', kind: 'character', proficiency: 2, abilities: abilities(16, 14), ac: 16, hp: 28, attacks: [{ id: 'spear', name: 'Spear', kind: 'melee', damage: '1d8' }] };
const raider = { name: 'Tusk Raider', kind: 'monster', hd: 2, abilities: abilities(16, 12), ac: 13, hp: 15, attacks: [{ id: 'greataxe', name: 'Greataxe', kind: 'melee', damage: '1d12+3', bonus: 5, addMod: false }] };

export function ftdStandardScenario(target: TargetStrategy = 'random'): SimScenario {
  const many = (n: number, prefix: string, side: string, sheet: unknown) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, name: `${sheet === guard ? 'Guard' : 'Raider'} ${i + 1}`, side, sheet }));
  const creatures: EncounterSetup['creatures'] = [...many(4, 'guard', 'guards', guard), ...many(4, 'raider', 'raiders', raider)];
  return scenarioFromSetup({ id: 'bench-ftd-4v4', seed: 1, creatures }, ftdRuleset, simPoliciesFor('five-torches-deep', target));
}
