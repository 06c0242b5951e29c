// The simulator's 13th Age shape for the benches: four PCs against twelve mooks, built straight from the
// repository's 13th Age content and the ruleset, without the CLI (benches measure the rules, not the loader).
// The party is Tessel, Wren, Brann and Sister Maelis (scenarios/content/13th-age); the mooks are reed
// scrappers, one mob of twelve sharing an initiative roll and pooling their hit points (damage spills on).
// Melee mooks, as 13th Age mobs mostly are: the simulator's 13th Age policy engages before it strikes, so
// the shape pays for what a real fight does (engagement, disengaging from the fallen, opportunity attacks
// on the wizard's spells, rallies) rather than an exchange of arrows. Random targets, the simulator's 13th Age policy.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import { scenarioFromSetup, simPoliciesFor, type SimScenario, type TargetStrategy } from '@fray/sim';
import { repoRoot } from './harness';

const PARTY = ['tessel', 'wren', 'brann-ashgrove', 'sister-maelis'];
const MOOKS = 12;

/** `mook`: 'reed-scrapper' (melee: engage, strike, opportunity attacks) or 'bog-archer' (ranged: the attack pipeline alone). */
export function thirteenthAgeMookScenario(target: TargetStrategy = 'random', mook: 'reed-scrapper' | 'bog-archer' = 'reed-scrapper'): SimScenario {
  const content = path.join(repoRoot(), 'scenarios/content/13th-age');
  const sheet = (name: string): unknown => parse(fs.readFileSync(path.join(content, `${name}.yaml`), 'utf8'));
  const mookSheet = sheet(mook);
  const creatures = [
    ...PARTY.map((name) => ({ id: name, side: 'party', sheet: sheet(name) })),
    ...Array.from({ length: MOOKS }, (_, i) => ({ id: `${mook}-${i + 1}`, side: 'mooks', sheet: mookSheet })),
  ];
  return scenarioFromSetup({ id: 'bench-13a-mooks', seed: 1, creatures }, thirteenthAgeRuleset, simPoliciesFor('13th-age', target));
}
