import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '@fray/engine';
import { libraryRef, type CreatureImport } from '@fray/import';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import { loadContentLibrary, type FrayServer, type ImportReport } from '../src/index';
import { ADMIN, Client, getJson, postJson, repoRoot, startServer, tmpDir } from './helpers';

const sample = (name: string) => fs.readFileSync(path.join(repoRoot, 'packages', 'import', 'test', 'samples', name), 'utf8');
const HOUND = sample('5e-block.txt');
const MENAGERIE = sample('open5e-v2-a5e-page.json');
const BRUTE_13A = sample('13a-block.txt');
const rulesets = { a5e: a5eRuleset, '13th-age': thirteenthAgeRuleset };

/** Everything a refused import must leave as it was: the stored tables, the library's listing, the library folder. */
async function everything(server: FrayServer, libDir: string): Promise<string> {
  const h = createHash('sha256');
  for (const t of await server.store.listTables()) for (const s of await server.store.listStreams({ tableId: t.id })) h.update(`${s.id}\n${canonicalJson(await server.store.read(s.id))}\n`);
  for (const id of ['a5e', '13th-age']) h.update(canonicalJson((await getJson(`${server.url}/api/content/${id}`)).body));
  const files = fs.existsSync(libDir) ? fs.readdirSync(libDir, { recursive: true }).map(String).sort() : [];
  for (const f of files) if (fs.statSync(path.join(libDir, f)).isFile()) h.update(`${f}\n${fs.readFileSync(path.join(libDir, f), 'utf8')}`);
  return h.digest('hex');
}

describe('import from the web table (POST /api/import, POST /api/tables/:id/import)', () => {
  let server: FrayServer;
  let dir: string;
  let libDir: string;
  beforeAll(async () => {
    dir = tmpDir();
    libDir = path.join(dir, 'content');
    const content = loadContentLibrary([path.join(repoRoot, 'scenarios', 'content'), libDir], rulesets, (t) => parse(t));
    // The host's way to keep imports: a YAML file per creature under the library folder (the CLI writes richer ones).
    const saveImports = (creatures: CreatureImport[]) =>
      creatures.map((c) => {
        const ref = libraryRef(c);
        fs.mkdirSync(path.dirname(path.join(libDir, ref)), { recursive: true });
        fs.writeFileSync(path.join(libDir, ref), stringify(c.statBlock));
        return { ref };
      });
    server = await startServer(dir, { rulesets, content, saveImports });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the host checks a pasted 5e block: the report says what the rules run, what stays text, what was refused, each naming its line; nothing is stored', async () => {
    const before = await everything(server, libDir);
    const r = await postJson(`${server.url}/api/import`, { text: HOUND }, ADMIN);
    expect(r.status).toBe(200);
    const report = r.body.report as ImportReport;
    expect([report.format, report.ruleset, report.saved, report.creatures.map((c) => c.name)]).toEqual(['text', 'a5e', false, ['Rust Hound']]);
    const hound = report.creatures[0]!;
    expect(hound.runs.map((l) => l.text)).toContainEqual(expect.stringMatching(/^attack Bite: \+4/));
    expect(hound.runs.find((l) => /Corroding Howl/.test(l.text))).toMatchObject({ field: 'line 17' });
    expect(hound.text.find((l) => /Keen Nose/.test(l.text))).toMatchObject({ field: 'line 14' });
    expect(hound.statBlock).toMatchObject({ name: 'Rust Hound', ac: 13 });
    expect(hound.entry).toBeUndefined();
    expect(await everything(server, libDir)).toBe(before);
  });

  it('with save, every creature of an Open5e page goes into the library and a new table can take it by ref; the same name again is refused unless replace; the repository\'s own never', async () => {
    const r = await postJson(`${server.url}/api/import`, { text: MENAGERIE, save: true }, ADMIN);
    expect(r.status).toBe(200);
    const report = r.body.report as ImportReport;
    expect(report.saved).toBe(true);
    const refs = report.creatures.map((c) => c.entry!.ref);
    expect(refs).toEqual(['a5e/monsters/cinder-drake.yaml', 'a5e/monsters/hedge-knight.yaml']);
    expect(fs.existsSync(path.join(libDir, 'a5e/monsters/cinder-drake.yaml'))).toBe(true);
    const listed = (await getJson(`${server.url}/api/content/a5e`)).body.entries as { ref: string; name: string; level: string }[];
    expect(listed.find((e) => e.ref === refs[0])).toMatchObject({ name: 'Cinder Drake', level: 'CR 5' });
    const table = await postJson(`${server.url}/api/tables`, { from: { library: { ruleset: 'a5e', creatures: [{ ref: 'a5e/characters/brannoc-vale.yaml', side: 'party', controller: 'seat-1' }, { ref: refs[0], side: 'foes' }] } } }, ADMIN);
    expect(table.status).toBe(201);
    expect(server.tables.get(table.body.tableId)!.fight!.state.creatures['cinder-drake']).toMatchObject({ name: 'Cinder Drake' });

    const before = await everything(server, libDir);
    const again = await postJson(`${server.url}/api/import`, { text: MENAGERIE, save: true }, ADMIN);
    expect([again.status, again.body.error.code]).toEqual([409, 'already-in-library']);
    expect(again.body.error.message).toContain('a5e/monsters/cinder-drake.yaml');
    expect(await everything(server, libDir)).toBe(before);
    const replaced = await postJson(`${server.url}/api/import`, { text: MENAGERIE, save: true, replace: true }, ADMIN);
    expect(replaced.status).toBe(200);
    // A block named like one the repository ships is refused, even with replace.
    const wolf = HOUND.replace('Rust Hound', 'Ashback Wolf');
    const before2 = await everything(server, libDir);
    const repo = await postJson(`${server.url}/api/import`, { text: wolf, save: true, replace: true }, ADMIN);
    expect([repo.status, repo.body.error.code]).toEqual([409, 'already-in-library']);
    expect(repo.body.error.message).toContain("repository's own");
    expect(await everything(server, libDir)).toBe(before2);
  });

  it('refusals are typed and name the field, and change nothing: no token, bad JSON, a creature without hit points, the wrong ruleset, empty or oversized text, unknown keys', async () => {
    const before = await everything(server, libDir);
    const cases: [unknown, string | undefined, number, string, (string | number)[] | undefined][] = [
      [{ text: HOUND }, undefined, 401, 'unauthorized', undefined],
      [{ text: HOUND }, 'a-wrong-token-of-some-length', 401, 'unauthorized', undefined],
      [{ text: '{ "results": [ { "name": "X", ' }, ADMIN, 400, 'bad-json', undefined],
      [{ text: HOUND.replace(/^Hit Points.*$/m, '') }, ADMIN, 400, 'bad-creature', undefined],
      [{ text: BRUTE_13A, ruleset: 'a5e' }, ADMIN, 400, 'unsupported-ruleset', undefined],
      [{ text: HOUND, ruleset: 'pathfinder' }, ADMIN, 400, 'malformed', ['ruleset']],
      [{ text: HOUND, format: 'xml' }, ADMIN, 400, 'malformed', ['format']],
      [{ text: '' }, ADMIN, 400, 'malformed', ['text']],
      [{ text: 'x'.repeat(600 * 1024) }, ADMIN, 400, 'malformed', ['text']],
      [{ text: HOUND, tableId: 't1' }, ADMIN, 400, 'malformed', ['tableId']],
      [{ text: 42 }, ADMIN, 400, 'malformed', ['text']],
      [[HOUND], ADMIN, 400, 'malformed', []],
    ];
    for (const [body, token, status, code, at] of cases) {
      const r = await postJson(`${server.url}/api/import`, body, token);
      expect([status, code], JSON.stringify(body).slice(0, 80)).toEqual([r.status, r.body.error.code]);
      if (at) expect(r.body.error.path).toEqual(at);
    }
    const noHp = await postJson(`${server.url}/api/import`, { text: HOUND.replace(/^Hit Points.*$/m, '') }, ADMIN);
    expect(noHp.body.error.message).toMatch(/Rust Hound.*hit points.*nothing was imported/i);
    expect(noHp.body.error.path[0]).toBe('text');
    const huge = await fetch(`${server.url}/api/import`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN}` }, body: JSON.stringify({ text: 'y'.repeat(2 * 1024 * 1024) }) });
    expect([huge.status, ((await huge.json()) as { error: { code: string } }).error.code]).toEqual([413, 'too-large']);
    expect(await everything(server, libDir)).toBe(before);
  });

  it('a table\'s GM imports for that table only: the report and stat block come back, nothing is saved; the imported block fights as a foe of the next fight; seats and saving are refused', async () => {
    const made = (await postJson(`${server.url}/api/tables`, { from: { library: { ruleset: 'a5e', creatures: [{ ref: 'a5e/characters/brannoc-vale.yaml', side: 'party', controller: 'seat-1' }, { ref: 'a5e/monsters/ashback-wolf.yaml', side: 'foes' }] } } }, ADMIN)).body;
    const url = `${server.url}/api/tables/${made.tableId}/import`;
    const before = await everything(server, libDir);
    const r = await postJson(url, { text: HOUND }, made.gm.token);
    expect(r.status).toBe(200);
    const report = r.body.report as ImportReport;
    expect([report.ruleset, report.saved, report.creatures[0]!.entry]).toEqual(['a5e', false, undefined]);
    expect((await postJson(url, { text: HOUND }, made.seats[0].token)).status).toBe(403);
    expect((await postJson(url, { text: HOUND }, ADMIN)).status).toBe(401);
    const save = await postJson(url, { text: HOUND, save: true }, made.gm.token);
    expect([save.status, save.body.error.path]).toEqual([403, ['save']]);
    const other = await postJson(url, { text: BRUTE_13A }, made.gm.token);
    expect([other.status, other.body.error.code]).toEqual([400, 'unsupported-ruleset']);
    expect(await everything(server, libDir)).toBe(before);

    const gm = await Client.open(server.url, made.tableId);
    await gm.hello(made.gm.token);
    gm.send({ type: 'finishFight', requestId: 'fin' });
    expect(await gm.next((m) => (m.type === 'ack' || m.type === 'rejected') && m['commandId'] === 'fin')).toMatchObject({ type: 'ack' });
    const sheet = report.creatures[0]!.statBlock;
    gm.send({ type: 'startFight', requestId: 'f2', fight: { foes: [{ id: 'rust-hound', side: 'foes', sheet, hidden: true }, { ref: 'a5e/monsters/ashback-wolf.yaml' }] } });
    expect(await gm.next((m) => (m.type === 'ack' || m.type === 'rejected') && m['commandId'] === 'f2')).toMatchObject({ type: 'ack' });
    const fight = server.tables.get(made.tableId)!.fight!.state;
    expect(fight.creatureIds).toEqual(['rust-hound', 'ashback-wolf', 'brannoc-vale']);
    expect(fight.creatures['rust-hound']).toMatchObject({ name: 'Rust Hound', hidden: true, hp: 33 });
    gm.close();
  });

  it('fuzz: random strings, random JSON as text and as the body, mutated samples, oversized text: a report or a typed error, never a 500, the server up and everything unchanged unless saved', async () => {
    const before = await everything(server, libDir);
    const samples = [HOUND, MENAGERIE, BRUTE_13A, sample('5etools-bestiary.json'), sample('ftd-block.txt'), sample('open5e-v1-page.json')];
    const mutated = fc.tuple(fc.constantFrom(...samples), fc.nat(), fc.nat(), fc.string({ maxLength: 40 })).map(([s, a, b, ins]) => {
      const i = a % (s.length + 1);
      return s.slice(0, i) + ins + s.slice(Math.min(s.length, i + (b % 60)));
    });
    const text = fc.oneof(fc.string({ maxLength: 400 }), fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'), mutated, fc.constantFrom('{}', '[]', 'null', '{"results":[{}]}', '{"monster":[{"_copy":{}}]}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'));
    const body = fc.oneof(
      { weight: 6, arbitrary: fc.record({ text, ruleset: fc.option(fc.constantFrom('a5e', '13th-age', 'five-torches-deep', 'nope'), { nil: undefined }), format: fc.option(fc.constantFrom('auto', 'text', 'open5e-v2', 'open5e-v1', '5etools', 'yaml'), { nil: undefined }) }, { requiredKeys: ['text'] }) },
      { weight: 1, arbitrary: fc.jsonValue() },
    );
    let n = 0;
    const codes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        n++;
        const r = await postJson(`${server.url}/api/import`, JSON.parse(JSON.stringify(b ?? null)), ADMIN);
        expect([200, 400]).toContain(r.status);
        if (r.status === 400) {
          expect(typeof r.body.error.code).toBe('string');
          expect(typeof r.body.error.message).toBe('string');
          codes.set(r.body.error.code, (codes.get(r.body.error.code) ?? 0) + 1);
        } else expect(r.body.report.saved).toBe(false);
      }),
      { numRuns: 300 * Math.max(1, Number(process.env['FRAY_FUZZ_RUNS'] ?? 1)), seed: Number(process.env['FRAY_FUZZ_SEED'] ?? 19_2026) },
    );
    expect(n).toBeGreaterThanOrEqual(300);
    // the fuzz reached the importers' own refusals, not only the schema's
    expect([...codes.keys()].filter((c) => c !== 'malformed').length).toBeGreaterThan(1);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect((await getJson(`${server.url}/api/health`)).body.ok).toBe(true);
    expect(await everything(server, libDir)).toBe(before);
  });
});
