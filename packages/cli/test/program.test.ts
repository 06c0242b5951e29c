import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths';
import { capture, duel, scenario, writeTemp } from './helpers';

describe('fray (program wiring)', () => {
  it('run: output to stdout, the failure to stderr, the exit code returned', () => {
    expect(capture(['run', scenario('mini-ogre-duel.yaml')])).toMatchObject({ code: 0, err: '' });
    const failing = capture(['run', writeTemp({ 'f.yaml': duel('  - command: { type: endTurn, creatureId: ogre }\n') })]);
    expect(failing.code).toBe(3);
    expect(failing.err).toMatch(/^fray run: steps\.1: command rejected: not-your-turn: /);
    const json = capture(['run', scenario('mini-ogre-duel.yaml'), '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ result: { exitCode: 0 } });
  });

  it('roll: --seed and --exact reach rollCommand; a bad expression goes to stderr with exit 2', () => {
    expect(capture(['roll', '2d20kh1+5', '--seed', 'abc'])).toEqual({ code: 0, out: '2d20kh1 [~5~, 12] + 5 = 17\nseed: abc (reproduce with --seed abc)', err: '' });
    expect(capture(['roll', '3d6', '--exact']).out.split('\n')[0]).toBe('3d6: 216 equally likely outcomes');
    const bad = capture(['roll', '2d']);
    expect(bad.code).toBe(2);
    expect(bad.out).toBe('');
    expect(bad.err).toMatch(/^fray roll: /);
  });

  it('demo: --seed; usage errors exit 2; --help exits 0', () => {
    expect(capture(['demo', '--seed', '3']).out).toContain('seed 3 (replay with --seed 3)');
    expect(capture(['bogus']).code).toBe(2);
    expect(capture(['run']).code).toBe(2);
    const help = capture(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('run [options] <file>');
  });

  it('bin/fray.mjs runs the TypeScript sources and sets the exit code', () => {
    const bin = path.join(repoRoot, 'packages', 'cli', 'bin', 'fray.mjs');
    const ok = spawnSync(process.execPath, [bin, 'run', 'scenarios/mini-ogre-duel.yaml', '--json'], { cwd: repoRoot, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ruleset: 'mini', creatures: { ogre: { hp: 24 } } });
    const bad = spawnSync(process.execPath, [bin, 'run', 'scenarios/nope.yaml'], { cwd: repoRoot, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('fray run: scenarios/nope.yaml: no such file\n');
  });
});
