import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulateCommand } from '../src/commands/simulate';
import { capture, duel, scenario, writeTemp } from './helpers';

describe('fray simulate', () => {
  it('prints the odds table, a rounds chart and a creature table', () => {
    const r = capture(['simulate', scenario('demo-mini.yaml'), '-n', '200', '--seed', '3']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^fray simulate .*demo-mini\.yaml: 200 fights, seed 3 \(fast path, 1 worker/);
    expect(r.out).toMatch(/\nside +wins +P\(win\) +95 % interval\n/);
    expect(r.out).toMatch(/\nparty +\d+ +\d+\.\d % +\d+\.\d–\d+\.\d %\n/);
    expect(r.out).toMatch(/\nrounds: mean \d+\.\d\d, median \d+/);
    expect(r.out).toMatch(/\nOgre \(ogre\) +foes +\d+\.\d % /);
  });

  it('--json gives one document whose win counts and draws add up to n; the same seed gives the same document', () => {
    const a = JSON.parse(capture(['simulate', scenario('demo-mini.yaml'), '-n', '150', '--seed', '9', '--json']).out);
    const b = JSON.parse(capture(['simulate', scenario('demo-mini.yaml'), '-n', '150', '--seed', '9', '--json']).out);
    expect(a).toEqual(b);
    expect(a.n).toBe(150);
    expect(a.sides.map((s: { count: number }) => s.count).reduce((x: number, y: number) => x + y, 0) + a.draws.count).toBe(150);
    expect(a.creatures.map((c: { id: string }) => c.id)).toEqual(['ana', 'bram', 'ogre', 'snag', 'grib']);
  });

  it('--svg writes a histogram of rounds', () => {
    const dir = path.dirname(writeTemp({ 'x.txt': '' }));
    const file = path.join(dir, 'rounds.svg');
    const r = capture(['simulate', scenario('demo-mini.yaml'), '-n', '100', '--svg', file]);
    expect(r.code).toBe(0);
    const svg = fs.readFileSync(file, 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toMatch(/<rect [^>]*fill="#4a78b5"><title>\d+ rounds: \d+ fights/);
  });

  it('odds from here: a scenario with steps is simulated from the state after them', () => {
    // Ana has already cut the ogre down to 1 hit point: she should win nearly always.
    const file = writeTemp({ 'late.yaml': duel('  - command: { type: gm.setHp, creatureId: ogre, hp: 1 }\n') });
    const fresh = writeTemp({ 'fresh.yaml': duel() });
    const late = simulateCommand(file, { n: 200, seed: '1', json: true });
    const early = simulateCommand(fresh, { n: 200, seed: '1', json: true });
    const pLate = JSON.parse(late.output).sides[0].p;
    const pEarly = JSON.parse(early.output).sides[0].p;
    expect(pLate).toBeGreaterThan(0.9);
    expect(pLate).toBeGreaterThan(pEarly);
  });

  it('a scenario whose steps fail is not simulated (the step failure and its exit code)', () => {
    const file = writeTemp({ 'bad.yaml': duel('  - command: { type: endTurn, creatureId: ogre }\n') });
    const r = capture(['simulate', file, '-n', '10']);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/^fray simulate: the steps before the simulation failed: steps\.1: command rejected: not-your-turn/);
  });

  it("--policy demo plays with the narrated demo's turn policy", () => {
    const r = capture(['simulate', scenario('a5e/sim-4v4.yaml'), '-n', '60', '--policy', 'demo', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).n).toBe(60);
  });

  it('a scenario whose steps end the encounter has nothing to simulate (exit 2)', () => {
    const file = writeTemp({ 'over.yaml': duel("  - command: { type: gm.endEncounter, reason: 'truce' }\n") });
    const r = capture(['simulate', file, '-n', '10']);
    expect(r.code).toBe(2);
    expect(r.err).toBe("fray simulate: the encounter has ended after the scenario's steps (truce): there is nothing left to simulate; drop the steps that end it");
  });

  it('bad options and files are invalid input (exit 2)', () => {
    expect(capture(['simulate', scenario('demo-mini.yaml'), '--policy', 'clever']).err).toBe("fray simulate: --policy must be 'legal' or 'demo', not 'clever'");
    expect(capture(['simulate', scenario('demo-mini.yaml'), '--mode', 'slow']).code).toBe(2);
    expect(capture(['simulate', scenario('demo-mini.yaml'), '-n', '0']).code).toBe(2);
    const missing = capture(['simulate', 'no/such.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^fray simulate: no\/such\.yaml: no such file/);
  });

  it('plain progress lines on a pipe for big runs', () => {
    const r = capture(['simulate', scenario('demo-mini.yaml'), '-n', '1000', '--seed', '2']);
    expect(r.err.split('\n')).toEqual(['simulate: 25 % (256/1000 fights)', 'simulate: 50 % (512/1000 fights)', 'simulate: 75 % (768/1000 fights)', 'simulate: 100 % (1000/1000 fights)']);
  }, 60_000);
});

describe('fray simulate and the compiled fight', () => {
  const standard = path.resolve(__dirname, '../../../scenarios/a5e/sim-4v4.yaml');
  const json = (argv: string[]) => JSON.parse(capture(['simulate', standard, ...argv, '--json']).out) as Record<string, unknown> & { paths: Record<string, number>; mean: Record<string, number> };

  it('plays the standard 4v4 compiled, with the same odds as on the engine (--engine)', () => {
    const compiled = json(['-n', '300', '--seed', 'c', '--target', 'random']);
    const engine = json(['-n', '300', '--seed', 'c', '--target', 'random', '--engine']);
    expect(compiled.paths).toEqual({ compiled: 300, engine: 0, fallbacks: 0 });
    expect(compiled.compiledFight).toBe('yes');
    expect(engine.paths).toEqual({ compiled: 0, engine: 300, fallbacks: 0 });
    expect(engine.compiledFight).toBe('not asked for (--engine)');
    const strip = ({ paths: _p, compiledFight: _c, mean, ...rest }: typeof compiled) => ({ ...rest, mean: { attacks: mean['attacks'], commands: mean['commands'] } });
    expect(strip(compiled)).toEqual(strip(engine));
    const text = capture(['simulate', standard, '-n', '50', '--seed', 'c']).out;
    expect(text).toMatch(/\nplayed by the compiled fight: 50 of 50$/);
  });

  it('says why a scenario plays on the engine', () => {
    // the demo's policies carry no description a compiled fight is specified against
    const text = capture(['simulate', scenario('demo-mini.yaml'), '-n', '20', '--seed', '3', '--policy', 'demo']).out;
    expect(text).toMatch(/\nplayed on the engine: no compiled fight \(the policies are not ones a ruleset can compile\)$/);
  });

  it('--record writes one JSON line per fight: the dice state it began with and its dice, tests and damage', () => {
    const file = path.join(path.dirname(writeTemp({ 'readme.txt': 'records go here' })), 'records.jsonl');
    const r = capture(['simulate', standard, '-n', '4', '--seed', 'r', '--record', file]);
    expect(r.code).toBe(0);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { fight: number; path: string; dice: { algorithm: string }; events: { type: string }[] });
    expect(lines.map((l) => [l.fight, l.path, l.dice.algorithm])).toEqual([0, 1, 2, 3].map((i) => [i, 'compiled', 'xoroshiro128plus']));
    for (const l of lines) expect(new Set(l.events.map((e) => e.type))).toEqual(new Set(['DiceRolled', 'TestResolved', 'DamageApplied']));
    expect(capture(['simulate', standard, '-n', '4', '--record', file, '--workers', '2']).err).toMatch(/--record keeps every fight on one thread/);
  });
});
