import { cloneJson, type PromptSpec } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { DEMO_MAX_COMMANDS, demoCommand, parseSeed, playDemo } from '../src/commands/demo';
import { chooseCommand, demoPromptPolicy } from '../src/demo/policies';
import { loadScenarioFile, createEncounter } from '../src/scenario/load';
import { DEMO_MINI_SCENARIO } from '../src/commands/demo';

// The mini demo (`fray demo --scenario scenarios/demo-mini.yaml`); the default A5E demo is in demo-a5e.test.ts.
const mini = { scenario: DEMO_MINI_SCENARIO };

describe('fray demo (mini)', () => {
  it('plays to the end with the default seed and is the same twice', () => {
    const first = demoCommand(mini);
    expect(first.exitCode).toBe(0);
    expect(first.errorOutput).toBeUndefined();
    expect(demoCommand(mini).output).toBe(first.output);
    const lines = first.output.split('\n');
    expect(lines[0]).toBe('Fray demo: scenarios/demo-mini.yaml, seed 5 (replay with --seed 5)');
    expect(lines).toContain('=== Round 1 ===');
    expect(lines.some((l) => / attacks .*: d20 \d+ .* vs AC \d+, (hit|miss)/.test(l))).toBe(true);
    expect(lines.some((l) => /^ {2}\d+d\d+\+\d+ → .*; \w+ \d+ → \d+ HP$/.test(l))).toBe(true);
    expect(lines.some((l) => /advantage from target prone: rolled \d+ and \d+, kept \d+/.test(l))).toBe(true);
    expect(lines.some((l) => / \+ 2 blessed = /.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('The encounter is over: '))).toBe(true);
    expect(lines.at(-1)).toMatch(/^(Winner: (party|foes) \(.+\)|No winner after 10 rounds)$/);
    expect(first.output).not.toContain('refused');
  });

  it('a seed changes the fight and replays exactly; whole-number seeds match the scenario seed', () => {
    expect(demoCommand({ ...mini, seed: '3' }).output).toBe(demoCommand({ ...mini, seed: '3' }).output);
    expect(demoCommand({ ...mini, seed: '3' }).output).not.toBe(demoCommand(mini).output);
    expect(demoCommand({ ...mini, seed: '5' }).output).toBe(demoCommand(mini).output);
    expect(parseSeed('42')).toBe(42);
    expect(parseSeed('abc')).toBe('abc');
  });

  it('always ends: one side down, or the encounter ended after at most 10 rounds, within the command cap', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const run = playDemo({ ...mini, seed: String(seed) });
      const s = run.encounter.state;
      expect(s.phase, `seed ${seed}`).toBe('ended');
      expect(s.round).toBeLessThanOrEqual(10);
      expect(run.commands).toBeLessThan(DEMO_MAX_COMMANDS);
      if (run.winner) {
        const up = s.creatureIds.map((id) => s.creatures[id]!).filter((c) => c.status === 'conscious' && c.hp > 0);
        expect(new Set(up.map((c) => c.side))).toEqual(new Set([run.winner]));
      }
    }
  });
});

describe('demo policies (mini)', () => {
  const encounter = () => {
    const loaded = loadScenarioFile(DEMO_MINI_SCENARIO);
    return createEncounter(loaded, { ruleset: loaded.ruleset });
  };

  it('attack the most hurt hostile that is still up; otherwise end the turn', () => {
    const enc = encounter();
    const ruleset = enc.rt.ruleset;
    expect(chooseCommand(enc.state, ruleset)).toBeNull(); // before combat: no one's turn
    enc.dispatch({ id: 'start', issuedBy: { role: 'gm' }, command: { type: 'startCombat' } });
    const state = cloneJson(enc.state); // a copy to change by hand: a published state is frozen
    const me = state.creatures[state.order[state.turnIndex]!.creatureId]!;
    const foes = state.creatureIds.filter((id) => state.creatures[id]!.side !== me.side);
    const [a, b, c] = foes;
    state.creatures[a!]!.hp = 1; // most hurt, but down
    state.creatures[a!]!.status = 'unconscious';
    state.creatures[b!]!.hp = Math.ceil(state.creatures[b!]!.maxHp / 2);
    expect(chooseCommand(state, ruleset)).toEqual({ type: 'takeAction', actorId: me.id, action: 'attack', targets: [b] });
    state.creatures[b!]!.status = 'dead';
    expect(chooseCommand(state, ruleset)).toEqual(c ? { type: 'takeAction', actorId: me.id, action: 'attack', targets: [c] } : { type: 'endTurn' });
    me.status = 'unconscious';
    expect(chooseCommand(state, ruleset)).toEqual({ type: 'endTurn' });
  });

  it('brace when the save bonus is at least 0, spare foes, otherwise the default', () => {
    const state = encounter().state;
    const prompt = (key: string, about: string): PromptSpec => ({ id: `x.1.${key}`, key, to: { role: 'gm' }, about, text: '?', input: { kind: 'choice' }, options: [{ id: 'a', label: 'A' }], default: 'a' });
    expect(demoPromptPolicy(prompt('mini.brace', 'ana'), state)).toBe('brace'); // dexSave 2
    expect(demoPromptPolicy(prompt('mini.brace', 'ogre'), state)).toBe('fall'); // dexSave -1
    expect(demoPromptPolicy(prompt('mini.spare', 'snag'), state)).toBe('spare');
    expect(demoPromptPolicy(prompt('other.thing', 'ana'), state)).toBe('a');
    expect(demoPromptPolicy({ ...prompt('dice.enter', 'ana'), input: { kind: 'dice', dice: [{ sides: 20, count: 1 }] }, default: null }, state)).toBeUndefined();
  });
});
