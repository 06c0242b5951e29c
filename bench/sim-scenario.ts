// Builds the simulator's scenario for the benches straight from a scenario file's setup and the A5E
// ruleset, without the CLI (which loads every registered ruleset): benches measure the rules, not the loader.
import fs from 'node:fs';
import { parse } from 'yaml';
import type { CreatureSetup } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { scenarioFromSetup, simPoliciesFor, type SimScenario, type TargetStrategy } from '@fray/sim';

export function a5eSimScenario(file: string, target: TargetStrategy = 'random'): SimScenario {
  const doc = parse(fs.readFileSync(file, 'utf8'), { maxAliasCount: 100 }) as { seed?: string | number; creatures: (Omit<CreatureSetup, 'sheet'> & { statBlock: unknown })[] };
  const creatures = doc.creatures.map(({ statBlock, ...c }) => ({ ...c, sheet: statBlock }));
  return scenarioFromSetup({ id: 'bench', seed: doc.seed ?? 1, creatures }, a5eRuleset, simPoliciesFor('a5e', target));
}
