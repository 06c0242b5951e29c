import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legalCommands, type EncounterState, type FrayEvent, type Json, type Principal } from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { ADMIN, Client, demoSource, getJson, postJson, type Msg, useServer } from './helpers';

/**
 * Planted secrets: a hidden creature (id and name), a monster's GM note, the campaign's GM notes (a
 * GM-only event), a monster's exact hit points (set to a value no other number in a fight reaches),
 * and the dice generator's state. None of them may appear in any byte a seat receives.
 */
const LURKER = { id: 'lurker-q7', name: 'Quillon Shadowmere', ref: 'a5e/monsters/road-bandit.yaml', hidden: true, notes: 'GMSECRET-LURKER-NOTE' };
const source = () => demoSource({ extraFoes: [LURKER], notes: { cutter: 'GMSECRET-CUTTER-NOTE' } });
// Attack odds give back a target's AC or defences (with the player's own bonus), so seats get none.
const SECRET_TEXT = ['lurker-q7', 'Quillon', 'Shadowmere', 'GMSECRET', 'CAMPAIGN-SECRET', 'rngAfter', '"rng"', 'xoroshiro', '"digest"', '"odds"', 'oddsProgress'];
/** Vessa's planted hit points: 4269 of 4271; every value she can reach in these fights is 4xxx. */
const EXACT_HP = /(?<![.\w])4[0-9]{3}(?![.\w])/;

function leaks(frames: readonly string[]): string[] {
  const out: string[] = [];
  for (const f of frames) {
    for (const s of SECRET_TEXT) if (f.includes(s)) out.push(`${s} in ${f.slice(Math.max(0, f.indexOf(s) - 200), f.indexOf(s) + 100)}`);
    const m = EXACT_HP.exec(f);
    if (m) out.push(`exact HP ${m[0]} in ${f.slice(Math.max(0, m.index - 200), m.index + 50)}`);
  }
  return out;
}

/** GM-only events (by stream and seq) must never reach a seat in any form. */
function gmOnlySeqs(gm: Client): Set<string> {
  const out = new Set<string>();
  for (const m of gm.messages) {
    const batches = m.type === 'welcome' ? ((m['catchUp'] as Msg[] | undefined) ?? []) : m.type === 'events' ? [m] : [];
    for (const b of batches) for (const e of b['events'] as FrayEvent[]) if (e.visibility === 'gm') out.add(`${b['stream']}:${e.seq}`);
  }
  return out;
}
function seatSeqs(c: Client): Set<string> {
  const out = new Set<string>();
  for (const m of c.messages) {
    const batches = m.type === 'welcome' ? ((m['catchUp'] as Msg[] | undefined) ?? []) : m.type === 'events' ? [m] : [];
    for (const b of batches) for (const e of b['events'] as { seq: number }[]) out.add(`${b['stream']}:${e.seq}`);
  }
  return out;
}

describe('secrets never reach a seat (raw frames)', () => {
  const ctx = useServer({ demo: source, narrate: (events) => events.map((e) => JSON.stringify(e)) });

  async function table() {
    const t = (await postJson(`${ctx.server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gm = await Client.open(ctx.server.url, t.tableId);
    await gm.hello(t.gm.token, { table: 0, fight: { id: 'road', version: 0 } });
    const seats: { seat: string; client: Client; token: string }[] = [];
    for (const seat of ['seat-brannoc', 'seat-tamsin']) {
      const token = t.seats.find((s: { seat: string }) => s.seat === seat).token as string;
      const client = await Client.open(ctx.server.url, t.tableId);
      // Reconnect-style hello: the catch-up carries the whole history, redacted.
      await client.hello(token, { table: 0, fight: { id: 'road', version: 0 } });
      seats.push({ seat, client, token });
    }
    let n = 0;
    const gmSend = async (stream: 'table' | 'fight', command: Record<string, Json>) => gm.command(stream, { id: `gm-${n++}`, command });
    expect(await gmSend('fight', { type: 'gm.setHp', creatureId: 'vessa', maxHp: 4271, hp: 4269 })).toMatchObject({ type: 'ack' });
    expect(await gmSend('table', { type: 'campaign.setNotes', notes: 'CAMPAIGN-SECRET: the lurker is a spy' })).toMatchObject({ type: 'ack' });
    return { t, gm, seats, gmSend, live: ctx.server.tables.get(t.tableId)! };
  }

  it('over a stretch of the fight, with a hidden creature acting, in every frame, catch-up and HTTP state a seat gets', async () => {
    const { t, gm, seats, live } = await table();
    // "Odds from here" name the hidden creature and follow exact hit points: the GM's alone.
    gm.send({ type: 'odds', requestId: 'secret-odds', fights: 30, seconds: 600 });
    let k = 0;
    for (let i = 0; i < 250; i++) {
      const state = live.fight!.state;
      if (state.phase === 'ended') break;
      const who: Principal = state.pending?.open[0]?.to ?? { role: 'gm' };
      const cmds = legalCommands(state, who, a5eRuleset);
      const cmd = cmds.find((c) => c.type === 'takeAction') ?? cmds.find((c) => c.type !== 'endTurn') ?? cmds[0] ?? { type: 'endTurn' };
      const client = who.role === 'player' ? seats.find((s) => s.seat === who.seat)?.client ?? gm : gm;
      await client.command('fight', { id: `c-${k++}`, command: cmd as Record<string, Json> });
    }
    expect(live.fight!.state.round).toBeGreaterThan(0);
    // The hidden creature took turns: the GM saw events about it.
    expect(gm.frames.some((f) => f.includes('lurker-q7'))).toBe(true);
    // A seat asking about the hidden creature learns nothing from the answer either.
    const probe = await seats[0]!.client.command('fight', { id: 'probe', command: { type: 'takeAction', actorId: 'brannoc', action: 'attack', targets: ['lurker-q7'], options: { attack: 'longsword' } } });
    expect(probe.type).toBe('rejected');
    for (const s of seats) {
      const state = await getJson(`${ctx.server.url}/api/tables/${t.tableId}/state`, s.token);
      expect(state.status).toBe(200);
      s.client.frames.push(JSON.stringify(state.body));
      expect(leaks(s.client.frames)).toEqual([]);
      const gmOnly = gmOnlySeqs(gm);
      expect(gmOnly.size).toBeGreaterThan(0);
      for (const seq of seatSeqs(s.client)) expect(gmOnly.has(seq)).toBe(false);
    }
    // The GM does get them (the check above can fail), odds included.
    for (let i = 0; i < 600 && !gm.messages.some((m) => m.type === 'odds'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(gm.frames.some((f) => f.includes('oddsProgress'))).toBe(true);
    expect(leaks(gm.frames).length).toBeGreaterThan(0);
    for (const s of seats) expect(leaks(s.client.frames)).toEqual([]);
    for (const c of [gm, ...seats.map((s) => s.client)]) c.close();
  });

  it('property: random command sequences (legal, GM overrides, seats trying what is not theirs) leak nothing to a seat', async () => {
    const step = fc.record({ actor: fc.constantFrom('gm', 'seat-brannoc', 'seat-tamsin'), pick: fc.nat({ max: 1000 }), kind: fc.nat({ max: 9 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
        const { gm, seats, live } = await table();
        let k = 0;
        for (const s of steps) {
          const state: EncounterState = live.fight!.state;
          const who: Principal = s.actor === 'gm' ? { role: 'gm' } : { role: 'player', seat: s.actor };
          const client = s.actor === 'gm' ? gm : seats.find((x) => x.seat === s.actor)!.client;
          let command: Record<string, Json>;
          let stream: 'table' | 'fight' = 'fight';
          const legal = legalCommands(state, who, a5eRuleset);
          if (s.kind < 6 && legal.length) command = legal[s.pick % legal.length] as Record<string, Json>;
          else if (s.actor === 'gm') {
            const overrides: Record<string, Json>[] = [
              { type: 'gm.setHp', creatureId: 'lurker-q7', hp: s.pick % 12 },
              { type: 'gm.addCondition', creatureId: 'lurker-q7', conditionId: 'prone' },
              { type: 'gm.setHp', creatureId: 'vessa', hp: 4000 + (s.pick % 271) },
              { type: 'undo' },
            ];
            command = overrides[s.pick % overrides.length]!;
            if (s.pick % 7 === 0) {
              stream = 'table';
              command = { type: 'campaign.setNotes', notes: `CAMPAIGN-SECRET ${s.pick}` };
            }
          } else {
            const tries: Record<string, Json>[] = [
              { type: 'takeAction', actorId: 'lurker-q7', action: 'attack', targets: ['brannoc'] },
              { type: 'gm.setHp', creatureId: 'lurker-q7', hp: 1 },
              { type: 'answerPrompt', promptId: `${state.pending?.open[0]?.id ?? 'none'}`, answer: 'x' },
              { type: 'takeAction', actorId: s.actor === 'seat-brannoc' ? 'tamsin' : 'brannoc', action: 'attack', targets: ['lurker-q7'] },
            ];
            command = tries[s.pick % tries.length]!;
          }
          await client.command(stream, { id: `p-${k++}`, command });
        }
        for (const x of seats) {
          expect(leaks(x.client.frames)).toEqual([]);
          const gmOnly = gmOnlySeqs(gm);
          for (const seq of seatSeqs(x.client)) expect(gmOnly.has(seq)).toBe(false);
        }
        for (const c of [gm, ...seats.map((x) => x.client)]) c.close();
      }),
      { numRuns: 12 },
    );
  });
});
