import { describe, expect, it } from 'vitest';
import { Encounter, buildSpace, type EncounterState } from '@fray/engine';
import { ftdRuleset } from '@fray/ruleset-five-torches-deep';
import { runRange, simPoliciesFor, summarize, shapeOf, totalPolicy, type SimPolicies, type SimScenario } from '../src/index';
import { contentBlock } from './content';

const block = (file: string) => contentBlock('five-torches-deep', `${file}.yaml`);

/**
 * A Five Torches Deep fight under way in zones: two delvers against a tusk brute and a mire hound,
 * everyone at the default band (ranged) from everyone else. The beasts have only melee attacks, so
 * they must close in (engage) before they can bite; Wren slings until someone engages her.
 * Started with the seeded dice and played to Ilka's first turn, so the sim starts mid-round.
 */
function zonesUnderWay(): EncounterState {
  const creatures = [
    { id: 'wren', side: 'party', sheet: block('wren') },
    { id: 'ilka', side: 'party', sheet: block('ilka') },
    { id: 'brute', side: 'beasts', sheet: block('tusk-brute') },
    { id: 'hound', side: 'beasts', sheet: block('mire-hound') },
  ];
  const { space } = buildSpace({ zones: {} }, creatures.map((c) => ({ id: c.id, at: undefined, size: 'medium' })), ftdRuleset.zoneBands);
  const policies = simPoliciesFor('five-torches-deep');
  const enc = Encounter.create({ id: 'zones', seed: 'zones-under-way', space: space as never, creatures: creatures as never }, { ruleset: ftdRuleset, policy: totalPolicy(policies.prompts) });
  const r = enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
  if (!r.ok) throw new Error(r.error.message);
  return enc.state;
}

const scenario = (policies: SimPolicies): SimScenario => ({ ruleset: ftdRuleset, start: zonesUnderWay(), policies });

describe('Five Torches Deep from a fight under way in zones (issue 14 B10, issue 16)', () => {
  it('FTD-ACT-5 FTD-ATK-4 FTD-POS-5 melee-only creatures engage across zones and attack; ranged attacks from afar: drops and deaths', () => {
    const s = scenario(simPoliciesFor('five-torches-deep'));
    expect(s.start.phase).toBe('combat');
    const tally = runRange(s, { seed: 'b10', from: 0, to: 200 });
    const r = summarize(tally, shapeOf(s.start), 'b10');
    // in zones, under way: the compiled fight plays every one (the same fights as the engine, compiled-ftd-zones.test.ts)
    expect(r.paths).toEqual({ compiled: 200, engine: 0, fallbacks: 0 });
    expect(r.stalled).toBe(0);
    expect(tally.attacks).toBe(3533);
    expect(r.sides.map((x) => x.count)).toEqual([66, 134]);
    // drops and deaths (the dying nobody stabilizes die a minute on); the beasts spent movement actions closing in
    expect(r.creatures.map((c) => [c.id, c.drop.count, c.death.count])).toEqual([['wren', 134, 134], ['ilka', 199, 151], ['brute', 66, 66], ['hound', 159, 69]]);
    expect(r.creatures.map((c) => c.spent['movement'] ?? 0)).toEqual([0, 0, 1.975, 1.815]);
  });

  it('FTD-DEATH-2 FTD-DEATH-3 a party member\'s death chance falls when an ally can stabilize after the fight', () => {
    const seed = 'stabilize';
    const helped = runRange(scenario(simPoliciesFor('five-torches-deep')), { seed, from: 0, to: 200 });
    const alone = runRange(scenario(simPoliciesFor('five-torches-deep', 'weakest', { stabilize: false })), { seed, from: 0, to: 200 });
    // the same fights (the minute after them draws its dice last), so the same drops
    expect(helped.drops).toEqual(alone.drops);
    expect(helped.drops).toEqual([147, 200, 53, 154]);
    // Wren and the brute drop only when their side loses, with nobody left to help; Ilka and the hound often have an ally up
    expect(helped.deaths).toEqual([147, 159, 53, 59]);
    expect(alone.deaths).toEqual([147, 200, 53, 154]);
  });
});
