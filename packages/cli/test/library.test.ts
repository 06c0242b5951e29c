import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contentListCommand, contentShowCommand, contentValidateCommand } from '../src/commands/content';
import { importCommand } from '../src/commands/import';
import { importProgress } from '../src/content/progress';
import { statBlockJsonSchemaText, statBlockSchemaFile, statBlockSchemaRulesets } from '../src/content/statblock-schemas';
import { repoRoot } from '../src/paths';
import { runProgram } from '../src/program';

const samples = path.join(repoRoot, 'packages', 'import', 'test', 'samples');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-library-'));
  dirs.push(d);
  return d;
};

describe('fray import', () => {
  it('writes each creature into the library layout with its meta line and the GM\'s text, and prints the report', () => {
    const cwd = tmp();
    const r = importCommand(path.join(samples, 'open5e-v2-a5e-page.json'), { cwd });
    expect(r.exitCode).toBe(0);
    const out = r.output.split('\n');
    expect(out[0]).toBe('Cinder Drake (a5e, CR 5) → fray-data/content/a5e/monsters/cinder-drake.yaml');
    expect(out).toContain('           action Ember Breath (recharge 5-6): DC 13 dex save, 6d6 fire, half on a success in a 15-foot cone [/results/0/actions/2]');
    expect(out.at(-1)).toBe('imported 2 creatures (open5e-v2 → a5e) into fray-data/content: 13 rules lines, 4 left to the GM, 0 refused or changed');
    const text = fs.readFileSync(path.join(cwd, 'fray-data/content/a5e/monsters/cinder-drake.yaml'), 'utf8').split('\n');
    expect(text.slice(0, 5)).toEqual([
      '# Cinder Drake: imported by `fray import` from open5e-v2-a5e-page.json (open5e-v2, a5e-mm).',
      '# fray-meta {"source":"open5e-v2","key":"a5e-mm_cinder-drake","document":"a5e-mm","cr":"5","type":"dragon"}',
      '# The GM runs these (the rules do not):',
      '#  - trait Smoldering Hide: stays text [/results/0/traits/0]',
      '#      A creature that touches the drake takes 2 fire damage.',
    ]);
    expect(text).toContain('name: Cinder Drake');
  });

  it('imports nothing when a file is already there (unless --force), nor when one creature is bad', () => {
    const cwd = tmp();
    expect(importCommand(path.join(samples, '13a-block.txt'), { cwd }).exitCode).toBe(0);
    const again = importCommand(path.join(samples, '13a-block.txt'), { cwd });
    expect(again.exitCode).toBe(2);
    expect(again.errorOutput).toBe('fray import: 2 files are already in the library (fray-data/content/13th-age/ditch-ghast.yaml, fray-data/content/13th-age/gutter-rat-swarmling.yaml); use --force to replace them; nothing was imported');
    expect(importCommand(path.join(samples, '13a-block.txt'), { cwd, force: true }).exitCode).toBe(0);
    const page = JSON.parse(fs.readFileSync(path.join(samples, 'open5e-v2-a5e-page.json'), 'utf8')) as { results: Record<string, unknown>[] };
    page.results[1]!['armor_class'] = 'sixteen';
    fs.writeFileSync(path.join(cwd, 'bad.json'), JSON.stringify(page));
    const bad = importCommand('bad.json', { cwd });
    expect(bad.exitCode).toBe(2);
    expect(bad.errorOutput).toBe('fray import: bad.json: Hedge Knight: /results/1/armor_class: no armor class (bad-creature); nothing was imported');
    expect(fs.existsSync(path.join(cwd, 'fray-data/content/a5e'))).toBe(false);
  });

  it('--dry-run writes nothing; --json gives every creature with its stat block, report and file', () => {
    const cwd = tmp();
    const dry = importCommand(path.join(samples, 'ftd-block.txt'), { cwd, dryRun: true });
    expect(dry.output.split('\n').at(-1)).toBe('checked 1 creature (text → five-torches-deep), wrote nothing (--dry-run): 4 rules lines, 1 left to the GM, 0 refused or changed');
    expect(fs.existsSync(path.join(cwd, 'fray-data'))).toBe(false);
    const json = JSON.parse(importCommand(path.join(samples, 'ftd-block.txt'), { cwd, json: true, out: 'mine' }).output) as { creatures: { name: string; file: string; statBlock: { hd: number } }[] };
    expect(json.creatures.map((c) => [c.name, c.file, c.statBlock.hd])).toEqual([['Cave Howler', 'mine/five-torches-deep/cave-howler.yaml', 2]]);
  });

  it("'-' reads a pasted block from standard input", () => {
    const cwd = tmp();
    const r = importCommand('-', { cwd, stdin: () => fs.readFileSync(path.join(samples, 'ftd-block.txt'), 'utf8') });
    expect(r.output.split('\n')[0]).toBe('Cave Howler (five-torches-deep, level 2) → fray-data/content/five-torches-deep/cave-howler.yaml');
    expect(fs.readFileSync(path.join(cwd, 'fray-data/content/five-torches-deep/cave-howler.yaml'), 'utf8').split('\n')[0]).toBe('# Cave Howler: imported by `fray import` from pasted text (text).');
    expect(importCommand('-', { cwd, stdin: () => '' }).errorOutput).toBe('fray import: (stdin): the text holds no stat block (no-creatures); nothing was imported');
  });

  it('bad arguments and missing files are exit 2 with the reason', () => {
    expect(importCommand('nope.json', { cwd: tmp() }).errorOutput).toBe('fray import: nope.json: no such file');
    expect(importCommand(path.join(samples, 'ftd-block.txt'), { format: 'xml' }).errorOutput).toBe("fray import: --format must be auto, open5e-v2, open5e-v1, 5etools, text; not 'xml'");
    const io = { out: [] as string[], err: [] as string[] };
    const code = runProgram(['import', path.join(samples, '13a-block.txt'), '--ruleset', 'a5e', '--dry-run'], { out: (s) => io.out.push(s), err: (s) => io.err.push(s) });
    expect(code).toBe(2);
    expect(io.err.join('\n')).toMatch(/a 13th-age stat block cannot be imported into a5e \(unsupported-ruleset\); nothing was imported$/);
  });

  it('progress: a bar redrawn on a terminal, quarter lines otherwise, nothing for a small file', () => {
    const writes: string[] = [];
    let t = 0;
    const tty = importProgress({ out: () => {}, err: () => {} }, { isTTY: true, write: (s) => writes.push(s) }, () => (t += 150));
    tty.report(1, 4);
    tty.report(4, 4);
    tty.done();
    expect(writes).toEqual(['\r[########......................]  25 % 1/4 creatures', '\r[##############################] 100 % 4/4 creatures', '\r\x1b[K']);
    const lines: string[] = [];
    const plain = importProgress({ out: () => {}, err: (s) => lines.push(s) }, { isTTY: false, write: () => {} });
    for (let i = 1; i <= 2000; i++) plain.report(i, 2000);
    expect(lines).toEqual(['import: 25 % (500/2000 creatures)', 'import: 50 % (1000/2000 creatures)', 'import: 75 % (1500/2000 creatures)', 'import: 100 % (2000/2000 creatures)']);
  });
});

describe('every sample through YAML and back', () => {
  it('each written file reads back as the stat block imported, and every one passes its ruleset\'s validation', () => {
    const cwd = tmp();
    const files = ['open5e-v2-a5e-page.json', 'open5e-v1-page.json', '5etools-bestiary.json', '5e-block.txt', '13a-block.txt', 'ftd-block.txt'];
    let count = 0;
    for (const f of files) {
      const r = JSON.parse(importCommand(path.join(samples, f), { cwd, json: true }).output) as { creatures: { file: string; statBlock: unknown }[] };
      for (const c of r.creatures) {
        expect(parse(fs.readFileSync(path.join(cwd, c.file), 'utf8'))).toEqual(c.statBlock);
        count++;
      }
    }
    const ftd = JSON.parse(importCommand(path.join(samples, 'open5e-v1-page.json'), { cwd, json: true, ruleset: 'five-torches-deep' }).output) as { creatures: { file: string }[] };
    expect(ftd.creatures.map((c) => c.file)).toEqual(['fray-data/content/five-torches-deep/bramble-ogre.yaml']);
    expect(count).toBe(8);
    const v = JSON.parse(contentValidateCommand([], { cwd, json: true }).output) as { checked: number; invalid: unknown[] };
    expect(v.invalid).toEqual([]);
    expect(JSON.parse(contentListCommand({ cwd, json: true }).output).entries.filter((e: { origin: string }) => e.origin === 'library').length).toBe(9);
  });
});

describe('fray content', () => {
  const cwd = tmp();
  importCommand(path.join(samples, 'open5e-v2-a5e-page.json'), { cwd });
  importCommand(path.join(samples, '13a-block.txt'), { cwd });

  it('list: the repository and the library together, searchable by ruleset, CR, level, type and name', () => {
    const all = JSON.parse(contentListCommand({ cwd, json: true }).output) as { entries: { origin: string; problem: string | null }[] };
    expect(all.entries.filter((e) => e.origin === 'library').length).toBe(4);
    expect(all.entries.filter((e) => e.origin === 'repository').length).toBeGreaterThanOrEqual(50);
    expect(all.entries.every((e) => e.problem === null)).toBe(true);
    expect(contentListCommand({ cwd, cr: '1/2-5' }).output.split('\n')).toEqual([
      'RULESET  NAME          CR/LEVEL  TYPE      WHERE    REF',
      'a5e      Cinder Drake  CR 5      dragon    library  a5e/monsters/cinder-drake.yaml',
      'a5e      Hedge Knight  CR 1/2    humanoid  library  a5e/monsters/hedge-knight.yaml',
      '2 stat blocks',
    ]);
    expect(contentListCommand({ cwd, type: 'undead' }).output.split('\n')[1]).toBe('13th-age  Ditch Ghast  level 3   undead  library  13th-age/ditch-ghast.yaml');
    const thirteen = JSON.parse(contentListCommand({ cwd, ruleset: '13th-age', level: '3', json: true }).output) as { entries: { name: string }[] };
    expect(thirteen.entries.map((e) => e.name)).toEqual(['Brann Ashgrove', 'Hill Brute', 'Lantern Ghoul', 'Odra Fenwick', 'Sister Maelis', 'Tessel Varr', 'Ditch Ghast']);
    expect(contentListCommand({ cwd, name: 'zzz' }).output).toBe('no stat block matches');
    expect(contentListCommand({ cwd, ruleset: 'gurps' }).errorOutput).toBe("fray content: no ruleset 'gurps'; rulesets: a5e, 13th-age, five-torches-deep");
  });

  it('show: by ref or by name; an ambiguous name lists the refs', () => {
    const shown = contentShowCommand('a5e/monsters/cinder-drake', { cwd });
    expect(shown.output.split('\n').slice(0, 2)).toEqual(['Cinder Drake (a5e, CR 5, dragon) — fray-data/content/a5e/monsters/cinder-drake.yaml', 'valid for its ruleset']);
    expect(contentShowCommand('gloam rat', { cwd }).output.split('\n')[0]).toBe(`Gloam Rat (a5e, 1 HD) — ${path.join(repoRoot, 'scenarios/content/a5e/monsters/gloam-rat.yaml')}`);
    const amb = contentShowCommand('wren', { cwd });
    expect(amb.exitCode).toBe(2);
    expect(amb.errorOutput).toBe("fray content show: 'wren' names 2 stat blocks; give the ref:\n  13th-age/wren.yaml  Wren Halloway\n  five-torches-deep/wren.yaml  Wren the Warden");
  });

  it('validate: every file through its ruleset; a broken one is named with its path and exit 2', () => {
    expect(contentValidateCommand([], { cwd }).output).toMatch(/^\d+ stat blocks checked, 0 invalid$/);
    const broken = path.join(cwd, 'fray-data/content/a5e/monsters/broken.yaml');
    fs.writeFileSync(broken, 'name: Broken\nproficiency: 2\nabilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }\nac: 12\nhp: 0\n');
    const r = contentValidateCommand([], { cwd });
    expect(r.exitCode).toBe(2);
    expect(r.errorOutput!.split('\n')[0]).toBe('fray-data/content/a5e/monsters/broken.yaml: hp: Too small: expected number to be >=1');
    const one = contentValidateCommand(['fray-data/content/a5e/monsters/broken.yaml'], { cwd });
    expect(one.errorOutput!.split('\n')).toEqual(['fray-data/content/a5e/monsters/broken.yaml: hp: Too small: expected number to be >=1', '1 stat block checked, 1 invalid']);
    expect(contentListCommand({ cwd, name: 'broken' }).output.split('\n')[1]).toMatch(/^a5e +Broken +library \(INVALID\) +a5e\/monsters\/broken\.yaml$/);
    fs.rmSync(broken);
  });
});

describe('docs/statblock-<ruleset>.schema.json', () => {
  it.each(statBlockSchemaRulesets)('%s: what the ruleset\'s zod schema generates now (regenerate with `npm run -w @fray/cli schema`)', (ruleset) => {
    expect(fs.readFileSync(path.join(repoRoot, 'docs', statBlockSchemaFile(ruleset)), 'utf8')).toBe(statBlockJsonSchemaText(ruleset));
  });

  it('the A5E schema names its fields and requires what the ruleset requires', () => {
    const s = JSON.parse(statBlockJsonSchemaText('a5e')) as { title: string; required: string[]; properties: Record<string, unknown>; additionalProperties: boolean };
    expect(s.title).toBe('Fray A5E stat block');
    expect(s.required).toEqual(['name', 'proficiency', 'abilities', 'ac', 'hp']);
    expect(s.additionalProperties).toBe(false);
    expect(Object.keys(s.properties)).toContain('attacks');
  });
});
