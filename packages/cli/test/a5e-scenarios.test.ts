import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../src/commands/run';
import { expectLines, itRunsEach, scenario, scenarioFiles } from './helpers';

const files = scenarioFiles('a5e');
const run = (name: string) => runCommand(path.join(scenario('a5e'), name));

describe('bundled A5E scenarios (scenarios/a5e)', () => {
  it('there is one per environment family, plus the demo, the one-on-one duel and the simulator standard 4v4', () => {
    expect(files).toEqual(['demo-forest.yaml', 'ditch-jump.yaml', 'duel-redcloak.yaml', 'forest-ambush.yaml', 'map-yard.yaml', 'sim-4v4.yaml', 'storm-crag.yaml', 'swamp-ferry.yaml']);
  });

  itRunsEach('a5e', files);

  it('ditch: one move carries its answers ahead: the opportunity attack, the fence check, the jump, the landing in brambles', () => {
    const lines = run('ditch-jump.yaml').output.split('\n');
    expectLines(lines, [
      "    Brannoc Vale is leaving Ashback Wolf's reach: make an opportunity attack with its reaction? → Bite against Brannoc Vale, answered ahead",
      '  Ashback Wolf attacks Brannoc Vale: d20 14 + 4 = 18 vs AC 18, hit',
      '    Brannoc Vale jumps over a 3-ft obstacle: call for a DC 10 Strength (Athletics) check? → DC 10 check, answered ahead',
      '    [A5E-MOVE-10] Brannoc Vale long-jumps 15 ft with a run-up (up to 16 ft)',
      '  rejected as expected: not-enough-movement: moving there costs 10 ft of movement; Brannoc Vale has 5 ft left',
    ]);
  });

  it('forest: the Cacophony at round start, advantage on a prone target, a crit turned by a sacrificed shield', () => {
    const lines = run('forest-ambush.yaml').output.split('\n');
    expectLines(lines, [
      '    [A5E-WORLD-2] world action: Distressed Animal Cacophony — until the next world action phase nobody hears beyond 10 feet (loud explosions excepted)',
      '  Brannoc Vale attacks Snapjaw Grik: d20 15 (advantage from target prone: rolled 3 and 15, kept 15) + 5 = 20 vs AC 14, hit; not applied: disadvantage from target prone (not in this situation)',
      '    [A5E-DMG-5] Brannoc Vale sacrifices its shield: the critical hit becomes a normal hit',
      '    2d4+1 piercing → 3+2 +1 = 6 piercing; Brannoc Vale 28 → 22 HP',
      '    [A5E-WORLD-4] Distressed Animal Cacophony recharges (round 2: rolled 5, needed 4–6)',
    ]);
  });

  it('storm: lightning on an immune dragon, a two-type bite, shots from within its reach, the gale pushing a creature across the map', () => {
    const lines = run('storm-crag.yaml').output.split('\n');
    expectLines(lines, [
      '  Young Stormscale takes Lightning Strike damage: 4d6 lightning → 6+5+4+3 = 18 lightning, immune: lightning 18 → 0; Young Stormscale 142 → 142 HP',
      '    2d10 piercing+1d8 lightning+5 piercing → 3+4 + 2 +5 = 14 (12 piercing + 2 lightning); Perrin Ashdown 17 → 3 HP',
      '  rejected as expected: no-action-left: Young Stormscale has already used its action',
      "  Perrin Ashdown attacks Young Stormscale: d20 13 (disadvantage from ranged attack within Young Stormscale's reach: rolled 13 and 13, kept 13) + 5 = 18 vs AC 18, hit",
      '    Perrin Ashdown takes aim at Young Stormscale: drop prone with its reaction? → Stay standing, by the GM',
      '    [A5E-WORLD-38] Perrin Ashdown is pushed 15 ft n; this provokes no opportunity attacks',
    ]);
  });

  it('swamp: gas poisons (not the immune undead), the mud restrains, a paralysed target is critted from 5 feet', () => {
    const lines = run('swamp-ferry.yaml').output.split('\n');
    expectLines(lines, [
      '    [A5E-WORLD-42] Gravegnawer is immune to Poisoned',
      '  Tamsin Reed attacks Gravegnawer: d20 7 (disadvantage from poisoned: rolled 18 and 7, kept 7) + 5 = 12 vs AC 12, hit',
      '    [A5E-ATK-7] a hit from within 5 ft on Ilse Marrow (paralyzed) is a critical hit',
      '  Ilse Marrow makes a STR save vs Tenacious Mud DC 12: fails automatically [A5E-COND-20]',
    ]);
  });
});
