import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { thirteenthAgeRuleset } from '@fray/ruleset-13th-age';
import { loadContentLibrary } from '../src/index';
import { ADMIN, Client, postJson, repoRoot, useServer } from './helpers';

const rulesets = { a5e: a5eRuleset, '13th-age': thirteenthAgeRuleset };
const BRANNOC = 'a5e/characters/brannoc-vale.yaml';
const WOLF = 'a5e/monsters/ashback-wolf.yaml';

describe("the next fight's map", () => {
  const ctx = useServer({ rulesets, content: loadContentLibrary(path.join(repoRoot, 'scenarios', 'content'), rulesets, (t) => parse(t)) });

  /** A table whose first fight is over: Brannoc (seat-1) back in the campaign, the GM connected. */
  async function between(): Promise<{ gm: Client; tableId: string }> {
    const r = await postJson(`${ctx.server.url}/api/tables`, { from: { library: { ruleset: 'a5e', creatures: [{ ref: BRANNOC, side: 'party', controller: 'seat-1' }, { ref: WOLF, side: 'foes' }] } } }, ADMIN);
    const gm = await Client.open(ctx.server.url, r.body.tableId);
    await gm.hello(r.body.gm.token);
    gm.send({ type: 'finishFight', requestId: 'done' });
    expect(await gm.next((m) => m['commandId'] === 'done')).toMatchObject({ type: 'ack' });
    return { gm, tableId: r.body.tableId };
  }
  const start = async (gm: Client, requestId: string, fight: unknown) => {
    gm.send({ type: 'startFight', requestId, fight });
    return gm.next((m) => m['commandId'] === requestId);
  };

  it('a grid puts everyone on it: the seat\'s side from the west edge, the foes from the east, top to bottom; the GM then moves one with gm.place', async () => {
    const { gm, tableId } = await between();
    expect(await start(gm, 'go', { foes: [{ ref: WOLF }, { ref: WOLF }], map: { grid: { width: 5, height: 2 } } })).toMatchObject({ type: 'ack' });
    const space = ctx.server.tables.get(tableId)!.fight!.state.space as { kind: string; bounds: unknown; creatures: Record<string, { x: number; y: number }> };
    expect(space.kind).toBe('grid');
    expect(space.bounds).toEqual({ width: 5, height: 2 });
    expect(Object.fromEntries(Object.entries(space.creatures).map(([id, p]) => [id, [p.x, p.y]]))).toEqual({ 'brannoc-vale': [0, 0], 'ashback-wolf': [4, 0], 'ashback-wolf-2': [4, 1] });
    expect(await gm.command('fight', { id: 'p1', command: { type: 'gm.place', creatureId: 'ashback-wolf-2', to: { x: 2, y: 1 } } })).toMatchObject({ type: 'ack' });
    expect((ctx.server.tables.get(tableId)!.fight!.state.space as { creatures: Record<string, { x: number; y: number }> }).creatures['ashback-wolf-2']).toMatchObject({ x: 2, y: 1 });
    gm.close();
  });

  it('zones put everyone in the scene, engaged with nobody (13th Age\'s bands); a ruleset without bands of its own is told to choose a grid or no map', async () => {
    const r = await postJson(`${ctx.server.url}/api/tables`, { from: { library: { ruleset: '13th-age', creatures: [{ ref: '13th-age/tessel.yaml', side: 'party', controller: 'seat-t' }, { ref: '13th-age/mire-grunt.yaml', side: 'foes' }] } } }, ADMIN);
    const gm = await Client.open(ctx.server.url, r.body.tableId);
    await gm.hello(r.body.gm.token);
    gm.send({ type: 'finishFight', requestId: 'done' });
    await gm.next((m) => m['commandId'] === 'done');
    expect(await start(gm, 'go', { foes: [{ ref: '13th-age/mire-grunt.yaml' }], map: { zones: {} } })).toMatchObject({ type: 'ack' });
    const space = ctx.server.tables.get(r.body.tableId)!.fight!.state.space as { kind: string; bands: string[]; creatures: Record<string, { zone: string | null }>; engagements: Record<string, string[]> };
    expect([space.kind, space.creatures, space.engagements]).toEqual(['zones', { 'tessel-varr': { zone: null }, 'mire-grunt': { zone: null } }, {}]);
    gm.close();
    const a5e = await between();
    expect(await start(a5e.gm, 'zones', { map: { zones: {} } })).toEqual({
      type: 'rejected', commandId: 'zones', error: { code: 'invalid-setup', message: 'fight.map.zones: a5e has no range bands of its own for zones: choose a grid or no map', path: ['fight', 'map', 'zones'] },
    });
    a5e.gm.close();
  });

  it('a map too small for everyone, or a map with a space, is refused naming what is wrong, and nothing changes', async () => {
    const { gm, tableId } = await between();
    const live = ctx.server.tables.get(tableId)!;
    const before = canonicalJson(live.campaign.state);
    expect(await start(gm, 'small', { foes: [{ ref: WOLF }], map: { grid: { width: 1, height: 1 } } })).toEqual({
      type: 'rejected', commandId: 'small', error: { code: 'invalid-setup', message: 'fight.map.grid: no room on a 1×1 map for ashback-wolf: make the map larger', path: ['fight', 'map', 'grid'] },
    });
    expect(await start(gm, 'both', { map: { zones: {} }, space: { kind: 'zones' } })).toEqual({
      type: 'rejected', commandId: 'both', error: { code: 'malformed', message: 'fight: give a map or a space, not both', path: ['fight', 'map'] },
    });
    expect(live.fight === null || live.fight.state.phase === 'ended').toBe(true);
    expect(canonicalJson(live.campaign.state)).toBe(before);
    gm.close();
  });
});
