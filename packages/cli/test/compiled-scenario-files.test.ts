// The repository's own scenarios and campaign files that a compiled fight admits, played both ways
// fight by fight from the state after their steps (issue 16: odds from here at table speed): every
// fight the compiled fight keeps adds exactly what the engine's fight of the same seed adds
// (`compareWithEngine`, the simulator's run-time check), and nothing is handed back.
import { compareWithEngine, compileScenario, emptyTally, fightDice, fightPolicyRng, shapeOf, simRuntime, type TargetStrategy } from '@fray/sim';
import { describe, expect, it } from 'vitest';
import { loadSimFile } from '../src/sim/load-sim-scenario';
import { scenario } from './helpers';

/** Plays fights 0..n-1 both ways; returns how many the compiled fight kept and handed back, its attacks, drops and the damage nobody dealt (the world's). */
function bothWays(file: string, target: TargetStrategy, n: number): { kept: number; handedBack: number; attacks: number; drops: number; worldDamage: number } {
  const sc = loadSimFile({ file: scenario(file), cwd: process.cwd(), target }).scenario;
  const shape = shapeOf(sc.start);
  const kernel = compileScenario(sc, shape);
  if ('unsupported' in kernel) throw new Error(`${file} is not compiled: ${kernel.unsupported}`);
  const rt = simRuntime(sc);
  const out = kernel.newOutcome();
  const r = { kept: 0, handedBack: 0, attacks: 0, drops: 0, worldDamage: 0 };
  for (let i = 0; i < n; i++) {
    const seed = `${file}-${target}`;
    if (!kernel.play(fightDice(seed, i), fightPolicyRng(seed, i), out)) {
      r.handedBack++;
      continue;
    }
    const engine = emptyTally(shape.sides.length, shape.creatures.length);
    expect(compareWithEngine(sc, shape, rt, kernel, out, seed, i, engine), `${file} fight ${i}`).toBeNull();
    r.kept++;
    r.attacks += out.attacks;
    r.drops += out.dropped.reduce((a, b) => a + b, 0);
    r.worldDamage += out.taken.reduce((a, b) => a + b, 0) - out.dealt.reduce((a, b) => a + b, 0);
  }
  return r;
}

/** Fights 0..n-1 of a file, targets picked either way: the compiled fight keeps every one, with more than `moreAttacksThan` attacks. */
function everyFightKept(file: string, n: number, moreAttacksThan: number): void {
  for (const target of ['weakest', 'random'] as const) {
    const r = bothWays(file, target, n);
    expect([r.kept, r.handedBack]).toEqual([n, 0]);
    expect(r.attacks).toBeGreaterThan(moreAttacksThan);
  }
}

describe('scenario files the compiled fights now admit play the engine\'s fights', () => {
  it('A5E-WORLD-2 A5E-WORLD-4 A5E-WORLD-38 A5E-WORLD-39 A5E-WORLD-19 A5E-DYING-17 A5E-COND-24 A5E-POS-8 A5E-DYING-8 the demo road fight in a storm and a forest: each round\'s recharges and world action (gale, lightning, cacophony), NPCs knocked out, the wolf\'s bite knocking prone, lightning on the fallen', () => {
    for (const target of ['weakest', 'random'] as const) {
      const r = bothWays('a5e/demo-forest.yaml', target, 200);
      expect([r.kept, r.handedBack]).toEqual([200, 0]);
      expect(r.attacks).toBeGreaterThan(1500);
      // lightning strikes someone in most fights
      expect(r.worldDamage).toBeGreaterThan(500);
    }
  });

  it('A5E-WORLD-4 A5E-WORLD-19 A5E-COND-24 the forest ambush under way (the world\'s vars as the steps left them): the cacophony each round and its recharge roll right after', () => {
    everyFightKept('a5e/forest-ambush.yaml', 200, 200);
  });

  it('FTD-RETREAT-5 FTD-POS-4 FTD-DEATH-2 a Five Torches Deep fight where a creature escaped (out of the turn order, never a target, neither helping nor helped after the fight)', () => {
    // the barrow: the ogre escaped and the two others lie dying, so the party has won; only the minute after is played
    const barrow = bothWays('five-torches-deep/barrow-skirmish.yaml', 'weakest', 100);
    expect([barrow.kept, barrow.handedBack, barrow.attacks]).toEqual([100, 0, 0]);
    // the mire: Ilka escaped the hound, Wren fights on alone
    everyFightKept('five-torches-deep/mire-retreat.yaml', 150, 150);
  });

  it('13A-ENGAGE-1 13A-ESC-1 13A-ACT-8 13th Age fights under way in one zone: the order, round and escalation die as they stand, the current creature\'s actions left, the engagements already made', () => {
    for (const file of ['13th-age/engaged-start.yaml', '13th-age/intercept.yaml']) {
      for (const target of ['weakest', 'random'] as const) {
        const r = bothWays(file, target, 120);
        expect([r.kept, r.handedBack]).toEqual([120, 0]);
        expect(r.attacks).toBeGreaterThan(120);
        expect(r.drops).toBeGreaterThan(120);
      }
    }
  });

  it('the mini ruleset\'s demo fight (a blessed PC, a prone goblin) and the scripted duel under way (the ogre prone, Ana weary 2 with her action spent)', () => {
    for (const file of ['demo-mini.yaml', 'mini-ogre-duel.yaml']) everyFightKept(file, 200, 200);
  });

  // campaign fights whose initiative was set before they started, and one in the dark: 150 fights each way, every one kept
  const campaignFights: [title: string, file: string, moreAttacksThan: number][] = [
    ['FTD-INIT-1 FTD-INIT-4 a Five Torches Deep fight whose foes\' initiative was set before it started: the rest counted, ties over everyone rolled off', 'campaigns/ftd-sunken-stair.yaml', 0],
    ['FTD-LIGHT-2 FTD-LIGHT-7 a campaign fight in darkness lit by a lantern that burns for hours yet, the party hours out of a haven: the checks are built with the light', 'campaigns/ftd-day.yaml', 150],
    ['A5E-INIT-1 A5E-INIT-3 an A5E campaign fight whose bandit\'s initiative was set before it started: the party rolls, ties over everyone rolled off', 'campaigns/a5e-day.yaml', 150],
    ['13A-INIT-1 13A-INIT-3 13A-ENGAGE-1 a 13th Age campaign fight whose brute\'s initiative was set before it, engaged with Brann from the start: the party rolls, the set count sorts after rolled ties', 'campaigns/13a-two-battles.yaml', 150],
  ];
  it.each(campaignFights)('%s', (_title, file, moreAttacksThan) => everyFightKept(file, 150, moreAttacksThan));

  // A5E on a grid (grid-kernel.ts): closing in through difficult terrain and past walls, the attack that reaches (a javelin, then the sword), ranged attacks with a hostile in reach, the wolf's bite knocking prone
  const gridFights: [title: string, file: string, moreAttacksThan: number][] = [
    ['A5E-MOVE-7 A5E-POS-8 A5E-COND-24 an A5E fight under way on a grid: the wolf closes in across a ditch into brambles, its bite knocks Brannoc prone unless he saves', 'a5e/ditch-jump.yaml', 600],
    ['A5E-MOVE-7 A5E-ATK-13 A5E-ATK-14 A5E-COVER-2 an A5E fight under way on a grid: Brannoc in the mud throws javelins, the wolf wades in, a snapjaw up on the rampart steps along it', 'a5e/map-yard.yaml', 1500],
    ['A5E-DMG-19 A5E-ATK-13 A5E-MOVE-7 an A5E campaign fight on a grid with Brannoc\'s ward (temporary hit points): Tamsin shoots, the wolf closes on her once Brannoc drops', 'campaigns/a5e-watchtower.yaml', 500],
  ];
  it.each(gridFights)('%s', (_title, file, moreAttacksThan) => everyFightKept(file, 150, moreAttacksThan));
});
