import { describe, expect, it } from 'vitest';
import { legalCommands, type Command, type Json, type Principal } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { a5eDemoPromptPolicy } from '@fray/sim';
import { ADMIN, Client, demoSource, postJson, type Msg, useServer } from './helpers';
import { menusFor, viewFor } from '../src/projection';
import type { LiveTable } from '../src/table';
import type { ViewPatch } from '../src/view-patch';

const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
const withoutMenus = (v: unknown): unknown => {
  const { actions: _actions, ...rest } = plain(v) as Record<string, unknown>;
  return rest;
};
const source = () => demoSource({ extraFoes: [{ id: 'lurker', name: 'The Lurker', ref: 'a5e/monsters/road-bandit.yaml', hidden: true, notes: 'GM only' }] });

/** The GM's next command: answer what is asked, else act, else end the turn, else whatever is legal. */
function nextCommand(t: LiveTable, n: number): { stream: 'table' | 'fight'; command: Command } {
  if (n % 9 === 4) return { stream: 'table', command: { type: 'campaign.setNotes', notes: `note ${n}` } as Command };
  const s = t.fight!.state;
  if (s.pending) {
    const p = s.pending.open[0]!;
    return { stream: 'fight', command: { type: 'answerPrompt', promptId: p.id, answer: (a5eDemoPromptPolicy(p, s) ?? p.default) as Json } };
  }
  const legal = legalCommands(s, { role: 'gm' }, a5eRuleset);
  const command = legal.find((c) => c.type === 'takeAction') ?? legal.find((c) => c.type === 'endTurn') ?? legal[0] ?? ({ type: 'gm.setCounter', key: 'n', value: n } as Command);
  return { stream: 'fight', command };
}

describe('views travel as patches', () => {
  const ctx = useServer({ demo: source });

  it("every connection's patched view is, push by push, the whole view the server would send it; menus come for its versions; a seat's patch for a fight command carries nothing of the campaign", async () => {
    const t = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const live = ctx.server.tables.get(t.tableId)!;
    const open = async (token: string) => {
      const c = await Client.open(ctx.server.url, t.tableId);
      expect((await c.hello(token)).type).toBe('welcome');
      return c;
    };
    const gm = await open(t.gm.token);
    const brannoc = t.seats.find((s: { seat: string }) => s.seat === 'seat-brannoc');
    const tamsin = t.seats.find((s: { seat: string }) => s.seat === 'seat-tamsin');
    const clients: { c: Client; who: Principal }[] = [
      { c: gm, who: { role: 'gm' } },
      { c: await open(brannoc.token), who: { role: 'player', seat: 'seat-brannoc' } },
      { c: await open(tamsin.token), who: { role: 'player', seat: 'seat-tamsin' } },
    ];
    let menus = 0;
    let secondGm: Client | null = null;
    for (let n = 0; n < 60; n++) {
      if (n === 20) {
        // A second screen of the GM's and a second of Brannoc's join midway: they share their audience's pushes.
        secondGm = await open(t.gm.token);
        clients.push({ c: secondGm, who: { role: 'gm' } }, { c: await open(brannoc.token), who: { role: 'player', seat: 'seat-brannoc' } });
      }
      if (n === 30) {
        // A seat added over HTTP changes the view without events: a `view` patch.
        expect((await postJson(`${ctx.server.url}/api/tables/${t.tableId}/seats`, { seat: 'seat-late', name: 'Late' }, t.gm.token)).status).toBe(201);
      }
      const { stream, command } = nextCommand(live, n);
      const marks = clients.map(({ c }) => c.messages.length);
      const r = await gm.command(stream, { id: `v-${n}`, command: command as Record<string, Json> });
      expect(r.type, JSON.stringify(r)).toBe('ack');
      for (const [i, { c, who }] of clients.entries()) {
        await c.reached(live.versions());
        expect(c.patchErrors).toEqual([]);
        expect(withoutMenus(c.view)).toEqual(withoutMenus(viewFor(live, who)));
        const expected = menusFor(live, who);
        if (expected) {
          await c.until(() => !!c.view.actions, 10_000, () => 'no menus came for this view');
          expect(c.view.actions).toEqual(plain(expected));
          menus++;
        } else expect(c.view.actions).toBeUndefined();
        if (stream === 'fight' && who.role === 'player') {
          const patches = c.messages.slice(marks[i]).filter((m): m is Msg & { patch: ViewPatch } => m.type === 'events' && !!m['patch']).map((m) => m.patch);
          expect(patches.length).toBeGreaterThan(0);
          for (const p of patches) {
            for (const path of [...p.del, ...p.set.map(([at]) => at)]) expect(path[0]).not.toBe('campaign');
          }
        }
      }
    }
    // Menus were exercised (the fight reached turns), and both GM screens got the very same frames after the second joined.
    expect(menus).toBeGreaterThan(10);
    const pushed = (c: Client) => c.frames.slice(c.frames.findIndex((f) => f.includes('"seat-late"'))).filter((f) => !f.startsWith('{"type":"ack"'));
    expect(pushed(secondGm!).length).toBeGreaterThan(30);
    expect(pushed(secondGm!)).toEqual(pushed(gm));
    for (const { c } of clients) c.close();
  });
});
