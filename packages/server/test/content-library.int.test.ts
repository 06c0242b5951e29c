import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { canonicalJson, currentCreatureId } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import { loadContentLibrary, type FrayServer } from '../src/index';
import { ADMIN, Client, getJson, postJson, repoRoot, type Msg, useServer, tmpDir } from './helpers';

const rulesets = { a5e: a5eRuleset, '13th-age': thirteenthAgeRuleset };
const library = () => loadContentLibrary(path.join(repoRoot, 'scenarios', 'content'), rulesets, (t) => parse(t));

async function storeHash(server: FrayServer): Promise<string> {
  const h = createHash('sha256');
  for (const t of await server.store.listTables()) {
    h.update(t.id);
    for (const s of await server.store.listStreams({ tableId: t.id })) h.update(`${s.id}\n${canonicalJson(await server.store.read(s.id))}\n`);
  }
  for (const [id, t] of server.tables) h.update(`${id}:${canonicalJson(t.campaign.state)}:${canonicalJson(t.fight?.state ?? null)}`);
  return h.digest('hex');
}

const BRANNOC = 'a5e/characters/brannoc-vale.yaml';
const WOLF = 'a5e/monsters/ashback-wolf.yaml';
const RAT = 'a5e/monsters/gloam-rat.yaml';

/** Brannoc (seat-1) between a wolf to his west and a hidden rat to his east, on an 8×4 grid. */
const yard = {
  ruleset: 'a5e',
  seed: 3,
  map: { grid: { width: 8, height: 4 } },
  creatures: [
    { ref: BRANNOC, side: 'party', controller: 'seat-1', at: { x: 2, y: 1 } },
    { ref: WOLF, side: 'foes', at: { x: 1, y: 1 } },
    { ref: RAT, name: 'Lurking Rat', side: 'foes', hidden: true, at: { x: 3, y: 1 } },
  ],
};

describe('the content library and tables built from it', () => {
  const ctx = useServer({ rulesets, content: library() });

  it('every stat block under scenarios/content for these rulesets passes its ruleset\'s parser (none left out)', () => {
    const lib = library();
    expect(lib.skipped).toEqual([]);
    expect(lib.rulesets).toEqual(['13th-age', 'a5e']);
    expect(lib.entries('a5e')).toHaveLength(20);
  });

  it('a user library folder adds its stat blocks after the repository\'s, with the CR `fray import` notes; a ref already taken or a block the rules refuse is left out, with why', () => {
    const mine = tmpDir();
    try {
      const wolf = fs.readFileSync(path.join(repoRoot, 'scenarios', 'content', WOLF), 'utf8');
      fs.mkdirSync(path.join(mine, 'a5e', 'monsters'), { recursive: true });
      fs.writeFileSync(path.join(mine, 'a5e', 'moor-wolf.yaml'), `# fray-meta {"source":"open5e","cr":"1/4","type":"beast"}\n${wolf.replace('Ashback Wolf', 'Moor Wolf')}`);
      fs.writeFileSync(path.join(mine, 'a5e', 'monsters', 'ashback-wolf.yaml'), wolf);
      fs.writeFileSync(path.join(mine, 'a5e', 'broken.yaml'), 'name: Broken\nkind: monster\nac: lots\n');
      const lib = loadContentLibrary([path.join(repoRoot, 'scenarios', 'content'), mine], rulesets, (t) => parse(t));
      expect(lib.entries('a5e')).toHaveLength(21);
      expect(lib.entries('a5e')).toContainEqual({ ref: 'a5e/moor-wolf.yaml', name: 'Moor Wolf', kind: 'monster', level: 'CR 1/4', role: 'beast', size: 'medium' });
      expect(lib.skipped.map((x) => x.file)).toEqual(['a5e/broken.yaml', 'a5e/monsters/ashback-wolf.yaml']);
      expect(lib.skipped[0]!.reason).toBe('proficiency: Invalid input: expected number, received undefined');
      expect(lib.skipped[1]!.reason).toContain("the ref 'a5e/monsters/ashback-wolf.yaml' is already taken by an earlier content folder");
    } finally {
      fs.rmSync(mine, { recursive: true, force: true });
    }
  });

  it('GET /api/content lists the rulesets; GET /api/content/:ruleset each entry with name, level, role; an unknown ruleset is a typed 404', async () => {
    expect((await getJson(`${ctx.server.url}/api/content`)).body).toEqual({ rulesets: [{ id: '13th-age', entries: 17 }, { id: 'a5e', entries: 20 }] });
    const a5e = await getJson(`${ctx.server.url}/api/content/a5e`);
    expect(a5e.status).toBe(200);
    expect(a5e.body.entries).toContainEqual({ ref: WOLF, name: 'Ashback Wolf', kind: 'monster', level: 'HD 3', role: null, size: 'medium' });
    expect(a5e.body.entries).toContainEqual({ ref: BRANNOC, name: 'Brannoc Vale', kind: 'character', level: 'level 3', role: null, size: 'medium' });
    const t13 = await getJson(`${ctx.server.url}/api/content/13th-age`);
    expect(t13.body.entries).toContainEqual({ ref: '13th-age/mire-grunt.yaml', name: 'Mire Grunt', kind: 'monster', level: 'level 1', role: 'mook', size: null });
    const none = await getJson(`${ctx.server.url}/api/content/pathfinder`);
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({ code: 'malformed', path: ['ruleset'] });
  });

  it('a table from the library: the seat\'s creature in the party, the foes in the fight at their squares, the hidden one hidden from the seat', async () => {
    const r = await postJson(`${ctx.server.url}/api/tables`, { name: 'The yard', from: { library: yard }, seats: [{ seat: 'seat-1', name: 'Ana' }] }, ADMIN);
    expect(r.status).toBe(201);
    expect(r.body.seats.map((s: { seat: string; name: string }) => [s.seat, s.name])).toEqual([['seat-1', 'Ana']]);
    const live = ctx.server.tables.get(r.body.tableId)!;
    expect(live.name).toBe('The yard');
    expect(live.campaign.state.creatureIds).toEqual(['brannoc-vale']);
    expect(live.campaign.state.creatures['brannoc-vale']!.controller).toBe('seat-1');
    const fight = live.fight!.state;
    expect([...fight.creatureIds].sort()).toEqual(['ashback-wolf', 'brannoc-vale', 'lurking-rat']);
    expect(fight.creatures['lurking-rat']!.hidden).toBe(true);
    expect(fight.creatures['lurking-rat']!.name).toBe('Lurking Rat');
    const space = fight.space as { creatures: Record<string, { x: number; y: number }> };
    expect(space.creatures['ashback-wolf']).toMatchObject({ x: 1, y: 1 });
    expect(space.creatures['lurking-rat']).toMatchObject({ x: 3, y: 1 });
    const seat = await Client.open(ctx.server.url, r.body.tableId);
    expect((await seat.hello(r.body.seats[0].token)).type).toBe('welcome');
    expect(seat.frames.join('\n')).not.toMatch(/lurking|Lurking Rat|gloam/i);
    seat.close();
  });

  it('two of the same stat block get ids of their own', async () => {
    const r = await postJson(`${ctx.server.url}/api/tables`, { from: { library: { ruleset: 'a5e', creatures: [{ ref: WOLF, side: 'foes' }, { ref: WOLF, side: 'foes' }, { ref: WOLF, side: 'foes', id: 'ashback-wolf-2' }] } } }, ADMIN);
    expect(r.status).toBe(201);
    expect([...ctx.server.tables.get(r.body.tableId)!.fight!.state.creatureIds].sort()).toEqual(['ashback-wolf', 'ashback-wolf-2', 'ashback-wolf-3']);
  });

  it('13th Age zones: creatures start in the ruleset\'s bands', async () => {
    const r = await postJson(`${ctx.server.url}/api/tables`, { from: { library: { ruleset: '13th-age', map: { zones: {} }, creatures: [
      { ref: '13th-age/tessel.yaml', side: 'party', controller: 'seat-t', at: { zone: 'nearby' } },
      { ref: '13th-age/mire-grunt.yaml', side: 'foes' },
    ] } } }, ADMIN);
    expect(r.status).toBe(201);
    const space = ctx.server.tables.get(r.body.tableId)!.fight!.state.space as { kind: string; creatures: Record<string, { zone: string | null }> };
    expect(space.kind).toBe('zones');
    expect(space.creatures['tessel-varr']).toEqual(expect.objectContaining({ zone: 'nearby' }));
  });

  it('between fights, the next fight\'s foes can be library refs: an unknown ref is refused with its path and nothing changes; known ones get their stat blocks and ids clear of the party', async () => {
    const r = await postJson(`${ctx.server.url}/api/tables`, { from: { library: { ruleset: 'a5e', creatures: [{ ref: BRANNOC, side: 'party', controller: 'seat-1' }, { ref: WOLF, side: 'foes' }] } } }, ADMIN);
    const gm = await Client.open(ctx.server.url, r.body.tableId);
    await gm.hello(r.body.gm.token);
    gm.send({ type: 'finishFight', requestId: 'done' });
    expect(await gm.next((m) => m['commandId'] === 'done')).toMatchObject({ type: 'ack' });
    const live = ctx.server.tables.get(r.body.tableId)!;
    const before = await storeHash(ctx.server);
    gm.send({ type: 'startFight', requestId: 'bad', fight: { foes: [{ ref: WOLF }, { ref: 'a5e/monsters/dragon.yaml' }] } });
    expect(await gm.next((m) => m['commandId'] === 'bad')).toMatchObject({ type: 'rejected', error: { code: 'invalid-setup', path: ['fight', 'foes', 1, 'ref'] } });
    expect(await storeHash(ctx.server)).toBe(before);
    gm.send({ type: 'startFight', requestId: 'go', fight: { foes: [{ ref: WOLF, hidden: true }, { ref: WOLF, name: 'Brannoc Vale' }, { ref: RAT, side: 'rats' }] } });
    expect(await gm.next((m) => m['commandId'] === 'go')).toMatchObject({ type: 'ack' });
    const f = live.fight!.state;
    expect([...f.creatureIds].sort()).toEqual(['ashback-wolf', 'brannoc-vale', 'brannoc-vale-2', 'gloam-rat']);
    expect(f.creatures['ashback-wolf']!.hidden).toBe(true);
    expect(f.creatures['gloam-rat']!.side).toBe('rats');
    expect(f.creatures['brannoc-vale-2']!.name).toBe('Brannoc Vale');
    gm.close();
  });

  it('previewMove: the GM sees the path, its cost and the opportunity attack; the seat sees the same without the hidden rat; bad ones are typed errors', async () => {
    const r = await postJson(`${ctx.server.url}/api/tables`, { from: { library: { ...yard, creatures: [yard.creatures[0], yard.creatures[1], { ...yard.creatures[2], at: { x: 2, y: 2 } }] } } }, ADMIN);
    const gm = await Client.open(ctx.server.url, r.body.tableId);
    await gm.hello(r.body.gm.token);
    const seat = await Client.open(ctx.server.url, r.body.tableId);
    await seat.hello(r.body.seats[0].token);
    const ask = async (c: Client, requestId: string, creatureId: string, to: unknown): Promise<Msg> => {
      c.send({ type: 'previewMove', requestId, creatureId, to });
      return c.next((m) => (m.type === 'movePreview' && m['requestId'] === requestId) || (m.type === 'rejected' && m['commandId'] === requestId));
    };
    // Brannoc's turn, nothing pending (the GM takes the others' turns and the prompts' defaults).
    const live = ctx.server.tables.get(r.body.tableId)!;
    for (let i = 0; i < 60; i++) {
      const st = live.fight!.state;
      if (st.phase === 'combat' && !st.pending && currentCreatureId(st) === 'brannoc-vale') break;
      const p = st.pending?.open[0];
      const command = p ? { type: 'answerPrompt', promptId: p.id, answer: p.default } : st.phase === 'setup' ? { type: 'startCombat' } : { type: 'endTurn' };
      expect(await gm.command('fight', { id: `go-${i}`, command })).toMatchObject({ type: 'ack' });
    }
    expect(currentCreatureId(live.fight!.state)).toBe('brannoc-vale');
    // East along row 1 to (4,1): leaves the wolf's reach (and the hidden rat's, diagonally below).
    const g = await ask(gm, 'p1', 'brannoc-vale', { x: 4, y: 1 });
    expect(g).toMatchObject({ type: 'movePreview', preview: { creatureId: 'brannoc-vale', cost: 10, legal: true } });
    expect((g['preview'] as { path: unknown[] }).path.at(-1)).toEqual({ x: 4, y: 1 });
    expect([...(g['preview'] as { provokes: string[] }).provokes].sort()).toEqual(['ashback-wolf', 'lurking-rat']);
    const s = await ask(seat, 'p2', 'brannoc-vale', { x: 4, y: 1 });
    expect(s).toMatchObject({ type: 'movePreview', preview: { cost: 10, provokes: ['ashback-wolf'] } });
    expect(seat.frames.join('\n')).not.toMatch(/lurking/i);
    expect(await ask(seat, 'p3', 'ashback-wolf', { x: 0, y: 0 })).toMatchObject({ type: 'rejected', error: { code: 'forbidden' } });
    expect(await ask(seat, 'p4', 'lurking-rat', { x: 0, y: 0 })).toMatchObject({ type: 'rejected', error: { code: 'malformed', path: ['creatureId'] } });
    expect(await ask(gm, 'p5', 'nobody', { x: 0, y: 0 })).toMatchObject({ type: 'rejected', error: { code: 'malformed', path: ['creatureId'] } });
    gm.close();
    seat.close();
  });

  it('fuzz: malformed or refused library setups and previewMove messages get typed errors; the store and every table stay as they were', async () => {
    const made = await postJson(`${ctx.server.url}/api/tables`, { from: { library: yard } }, ADMIN);
    const gm = await Client.open(ctx.server.url, made.body.tableId);
    await gm.hello(made.body.gm.token);
    const before = await storeHash(ctx.server);
    const tablesBefore = ctx.server.tables.size;
    const creature = fc.record({
      ref: fc.oneof(fc.constantFrom(WOLF, BRANNOC, RAT, '13th-age/tessel.yaml', '../../package.json', '/etc/passwd', 'a5e/monsters', ''), fc.string({ maxLength: 20 })),
      id: fc.option(fc.oneof(fc.constantFrom('a', 'a', '-x', 'ok-1', '__proto__', 'constructor'), fc.string({ maxLength: 8 })), { nil: undefined }),
      side: fc.oneof(fc.constantFrom('foes', 'party', ''), fc.integer()),
      controller: fc.option(fc.constantFrom('seat-1', '', null as unknown as string), { nil: undefined }),
      hidden: fc.option(fc.oneof(fc.boolean(), fc.constant('yes')), { nil: undefined }),
      at: fc.option(fc.oneof(
        fc.record({ x: fc.integer({ min: -2, max: 12 }), y: fc.integer({ min: -2, max: 12 }) }),
        fc.record({ zone: fc.constantFrom('nearby', 'moon', '') }),
        fc.constant({ x: 1.5 }), fc.constant('here'),
      ), { nil: undefined }),
    }, { requiredKeys: [] });
    // Each body is broken in at least one way (the last creature collides with the first, or a field is wrong).
    const body = fc.record({
      ruleset: fc.oneof(fc.constantFrom('a5e', '13th-age', 'mini', '', 'constructor'), fc.integer()),
      map: fc.option(fc.oneof(fc.constant({ grid: { width: 2, height: 2 } }), fc.constant({ zones: {} }), fc.constant({ grid: { width: 0, height: 3 } }), fc.constant({ hex: {} }), fc.constant(null)), { nil: undefined }),
      creatures: fc.oneof(fc.array(creature, { maxLength: 5 }), fc.constant([]), fc.constant('wolf')),
      extra: fc.option(fc.constant(1), { nil: undefined }),
    }, { requiredKeys: ['creatures'] }).filter((b) => JSON.stringify(b).length < 4000);
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, async (lib) => {
        const clean = JSON.parse(JSON.stringify(lib)) as Record<string, unknown>;
        if (clean['extra'] === undefined && Array.isArray(clean['creatures']) && (clean['creatures'] as unknown[]).length > 0) {
          // Make it certainly wrong: a square off any map this generator makes.
          (clean['creatures'] as Record<string, unknown>[]).push({ ref: WOLF, side: 'foes', at: { x: 500, y: 500 } });
        }
        const r = await postJson(`${ctx.server.url}/api/tables`, { from: { library: clean } }, ADMIN);
        if (r.status === 201) created++;
        expect(r.status).toBe(400);
        expect(['malformed', 'invalid-setup']).toContain(r.body.error.code);
        expect(typeof r.body.error.message).toBe('string');
        expect(Array.isArray(r.body.error.path)).toBe(true);
      }),
      { numRuns: 300, seed: 20261127 },
    );
    expect(created).toBe(0);
    const preview = fc.record({
      type: fc.constant('previewMove'),
      requestId: fc.oneof(fc.constantFrom('r'), fc.constant(''), fc.integer()),
      creatureId: fc.oneof(fc.constantFrom('brannoc-vale', 'ashback-wolf', 'lurking-rat', 'nobody', '__proto__', ''), fc.integer()),
      to: fc.oneof(fc.constant({ x: 1, y: 1 }), fc.constant({ x: 99, y: -4 }), fc.constant({ zone: 'nearby' }), fc.constant('north'), fc.constant(null), fc.constant([1, 2]), fc.constant({ x: 'a' })),
    }, { requiredKeys: ['type'] });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(preview, async (m) => {
        const id = `fz-${n++}`;
        const msg = typeof m.requestId === 'string' && m.requestId ? { ...m, requestId: id } : m;
        gm.send(msg);
        const reply = await gm.next((x) => ((x.type === 'movePreview' && x['requestId'] === id) || (x.type === 'rejected' && x['commandId'] === id)) || x.type === 'error');
        if (reply.type === 'movePreview') expect(typeof (reply['preview'] as { legal: boolean }).legal).toBe('boolean');
        else expect(typeof (reply['error'] as { code: string }).code).toBe('string');
      }),
      { numRuns: 300, seed: 27 },
    );
    expect(ctx.server.tables.size).toBe(tablesBefore);
    expect(await storeHash(ctx.server)).toBe(before);
    gm.close();
  });
});
