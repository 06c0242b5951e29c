import { describe, expect, it } from 'vitest';
import {
  Encounter, currentCreatureId, encounterSetupFromCampaign, Campaign, canonicalJson, type CommandEnvelope, type EncounterState, type FrayEvent,
  type Json, type PromptSpec,
} from '@fray/engine';
import { a5eRuleset } from '@fray/ruleset-a5e';
import { a5eDemoPromptPolicy, chooseA5eCommand, isUp } from '@fray/sim';
import { ADMIN, Client, demoSource, postJson, useServer, type Msg } from './helpers';
import { campaignStreamId, fightStreamId } from '../src/index';

type View = { fight: { id: string; version: number; view: EncounterState & { prompts?: PromptSpec[] } } | null; prompts: PromptSpec[]; versions: { table: number; fight: { id: string; version: number } | null } };

const viewOf = (c: Client): View => {
  if (!c.view) throw new Error('no view yet');
  return c.view as View;
};

/** Waits until a client's view has reached the fight version. */
async function caughtUp(c: Client, version: number): Promise<View> {
  if ((viewOf(c).fight?.version ?? -1) >= version) return viewOf(c);
  await c.next((m) => m.type === 'events' && (viewOf(c).fight?.version ?? -1) >= version);
  return viewOf(c);
}

/** The faces a seat "rolls" on its own device for an entered-dice prompt: mid-range, deterministic. */
const facesFor = (p: PromptSpec, n: number): number[] =>
  p.input.kind === 'dice' ? p.input.dice.flatMap((d) => Array.from({ length: d.count }, (_, i) => 1 + ((n + i * 7) % d.sides))) : [];

interface Driven {
  sent: CommandEnvelope[];
  answeredBy: Record<string, number>;
  final: EncounterState;
}

/**
 * Plays the fight to its end over the sockets: the creature whose turn it is acts from its
 * controller's connection (the GM's for the rest), every prompt is answered by the seat it addresses
 * when that seat is connected (found in that seat's own view), by the GM otherwise.
 */
async function drive(gm: Client, seats: Map<string, Client>, maxCommands = 1500): Promise<Driven> {
  const sent: CommandEnvelope[] = [];
  const answeredBy: Record<string, number> = {};
  let version = viewOf(gm).fight!.version;
  let n = 0;
  const send = async (from: Client, who: string, command: Record<string, Json>): Promise<Msg> => {
    const envelope = { id: `cmd-${n++}`, expectedVersion: version, command };
    const r = await from.command('fight', envelope);
    if (r.type === 'ack') {
      sent.push({ ...envelope, issuedBy: who === 'gm' ? { role: 'gm' } : { role: 'player', seat: who } } as CommandEnvelope);
      version = (r['version'] as View['versions']).fight!.version;
    }
    return r;
  };
  for (let i = 0; i < maxCommands; i++) {
    const state = (await caughtUp(gm, version)).fight!.view;
    if (state.phase === 'ended') return { sent, answeredBy, final: state };
    const standing = new Set(state.creatureIds.map((id) => state.creatures[id]!).filter((c) => isUp(c)).map((c) => c.side));
    if (state.phase === 'combat' && !state.pending && standing.size <= 1) {
      // One side left standing: the GM calls the fight.
      expect((await send(gm, 'gm', { type: 'gm.endEncounter', reason: 'one side is down' })).type).toBe('ack');
      continue;
    }
    if (state.pending) {
      const p = state.pending.open[0]!;
      const seat = p.to.role === 'player' ? p.to.seat : null;
      const client = seat ? seats.get(seat) : undefined;
      let answer: Json;
      if (p.input.kind === 'dice') answer = facesFor(p, i);
      else answer = (a5eDemoPromptPolicy(p, state) ?? p.default) as Json;
      if (client) {
        // The prompt reached its seat: it is in that seat's own view.
        const own = await caughtUp(client, version);
        expect(own.prompts.map((q) => q.id)).toContain(p.id);
        const r = await send(client, seat!, { type: 'answerPrompt', promptId: p.id, answer });
        expect(r.type, JSON.stringify(r)).toBe('ack');
        answeredBy[seat!] = (answeredBy[seat!] ?? 0) + 1;
      } else {
        const r = await send(gm, 'gm', { type: 'answerPrompt', promptId: p.id, answer });
        expect(r.type, JSON.stringify(r)).toBe('ack');
        answeredBy['gm'] = (answeredBy['gm'] ?? 0) + 1;
      }
      continue;
    }
    if (state.phase === 'setup') {
      expect((await send(gm, 'gm', { type: 'startCombat' })).type).toBe('ack');
      continue;
    }
    const current = currentCreatureId(state)!;
    const controller = state.creatures[current]!.controller;
    const client = controller ? seats.get(controller) : undefined;
    const cmd = (chooseA5eCommand(state, a5eRuleset) ?? { type: 'endTurn' }) as unknown as Record<string, Json>;
    const r = await send(client ?? gm, client ? controller! : 'gm', cmd);
    if (r.type !== 'ack') expect((await send(client ?? gm, client ? controller! : 'gm', { type: 'endTurn' })).type).toBe('ack');
  }
  throw new Error(`the fight did not end in ${maxCommands} commands`);
}

describe('a whole A5E fight over WebSocket: a GM and two seats', () => {
  const ctx = useServer();

  it('plays the demo fight to its end; prompts are answered by the seat addressed; the store holds exactly the log the engine would write', async () => {
    const { server } = ctx;
    const t = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gm = await Client.open(server.url, t.tableId);
    const welcome = await gm.hello(t.gm.token);
    const joinedAt = (welcome['version'] as View['versions']).fight!.version;
    const seats = new Map<string, Client>();
    for (const s of t.seats.filter((x: { seat: string }) => x.seat === 'seat-brannoc' || x.seat === 'seat-tamsin')) {
      const c = await Client.open(server.url, t.tableId);
      expect((await c.hello(s.token)).type).toBe('welcome');
      seats.set(s.seat, c);
    }
    const played = await drive(gm, seats);
    expect(played.final.phase).toBe('ended');
    // Both connected seats acted and answered prompts addressed to them.
    expect(played.answeredBy['seat-brannoc']).toBeGreaterThan(0);
    expect(played.answeredBy['seat-tamsin']).toBeGreaterThan(0);
    expect(played.sent.some((e) => e.issuedBy.role === 'player' && e.issuedBy.seat === 'seat-brannoc' && e.command.type === 'takeAction')).toBe(true);

    // The store's log is gap-free, equals what the GM received, and folds to the state the GM sees.
    const live = server.tables.get(t.tableId)!;
    const stored = await server.store.read(fightStreamId(t.tableId, 'road'));
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i));
    const gmEvents = gm.messages.filter((m) => m.type === 'events' && m['stream'] === 'fight').flatMap((m) => m['events'] as FrayEvent[]);
    // (compared as canonical JSON; a mismatch would print two huge logs, so only the verdict is shown)
    expect(gmEvents.map((e) => e.seq)).toEqual(stored.slice(joinedAt).map((e) => e.seq));
    expect(canonicalJson(gmEvents) === canonicalJson(stored.slice(joinedAt))).toBe(true);
    expect(canonicalJson(Encounter.fromEvents(stored, { ruleset: a5eRuleset }).state) === canonicalJson(live.fight!.state)).toBe(true);

    // The same envelopes through a local engine write the same log: the server is a faithful authority.
    const src = demoSource();
    const campaign = Campaign.create({ ...src.campaign, id: t.tableId }, { ruleset: a5eRuleset });
    const local = Encounter.create(encounterSetupFromCampaign(campaign.state, { id: 'road', seed: src.fight!.seed!, foes: src.fight!.foes! }), { ruleset: a5eRuleset });
    for (const env of played.sent) expect(local.dispatch(env).ok).toBe(true);
    expect(local.events.length).toBe(stored.length);
    expect(canonicalJson(local.events) === canonicalJson(stored)).toBe(true);

    // Back to the campaign: the fight is recorded, the party's wounds carried.
    gm.send({ type: 'finishFight', requestId: 'back' });
    expect(await gm.next((m) => m['commandId'] === 'back')).toMatchObject({ type: 'ack' });
    expect(live.fight).toBeNull();
    const camp = await server.store.read(campaignStreamId(t.tableId));
    expect(camp.at(-1)).toBeDefined();
    expect(live.campaign.state.creatures['brannoc']!.hp).toBe(played.final.creatures['brannoc']!.hp);
    for (const c of [gm, ...seats.values()]) c.close();
  });
});

describe('a whole A5E fight over WebSocket with entered dice', () => {
  const ctx = useServer({ demo: () => demoSource({ diceMode: 'entered' }) });

  it('entered dice: the seat rolls on its own device; another seat cannot answer its prompt', async () => {
    const { server } = ctx;
    const t = (await postJson(`${server.url}/api/tables`, { from: 'demo' }, ADMIN)).body;
    const gm = await Client.open(server.url, t.tableId);
    await gm.hello(t.gm.token);
    const token = (seat: string) => t.seats.find((s: { seat: string }) => s.seat === seat).token;
    const brannoc = await Client.open(server.url, t.tableId);
    await brannoc.hello(token('seat-brannoc'));
    const tamsin = await Client.open(server.url, t.tableId);
    await tamsin.hello(token('seat-tamsin'));
    expect(await gm.command('fight', { id: 'go', command: { type: 'startCombat' } })).toMatchObject({ type: 'ack' });
    // Initiative is rolled by everyone in turn: the GM enters the monsters' dice until Brannoc's turn to roll.
    const live = server.tables.get(t.tableId)!;
    for (let i = 0; i < 12; i++) {
      const p = live.fight!.state.pending!.open[0]!;
      if (p.to.role === 'player' && p.to.seat === 'seat-brannoc') break;
      const who = p.to.role === 'player' ? (p.to.seat === 'seat-tamsin' ? tamsin : gm) : gm;
      expect(await who.command('fight', { id: `gm-roll-${i}`, command: { type: 'answerPrompt', promptId: p.id, answer: facesFor(p, i) } })).toMatchObject({ type: 'ack' });
    }
    let view = await caughtUp(brannoc, live.fight!.events.length);
    const mine = view.prompts.find((p) => p.key === 'dice.enter' && p.about === 'brannoc');
    expect(mine).toBeDefined();
    expect(mine!.input).toEqual({ kind: 'dice', dice: [{ sides: 20, count: 1 }] });
    // Tamsin's seat may not answer Brannoc's dice; bad faces are refused with the reason.
    expect(await tamsin.command('fight', { id: 'steal', command: { type: 'answerPrompt', promptId: mine!.id, answer: [20] } })).toMatchObject({ type: 'rejected', error: { code: 'forbidden' } });
    for (const [i, bad] of ([[0], [21], [1.5], ['x']] as Json[]).entries()) {
      const r = await brannoc.command('fight', { id: `bad-${i}`, command: { type: 'answerPrompt', promptId: mine!.id, answer: bad } });
      expect(r.type).toBe('rejected');
    }
    expect(await brannoc.command('fight', { id: 'roll', command: { type: 'answerPrompt', promptId: mine!.id, answer: [17] } })).toMatchObject({ type: 'ack' });
    view = await caughtUp(gm, server.tables.get(t.tableId)!.fight!.events.length);
    const rolled = gm.messages.filter((m) => m.type === 'events').flatMap((m) => m['events'] as FrayEvent[])
      .find((e) => e.type === 'DiceRolled' && e.roller === 'brannoc') as (FrayEvent & { type: 'DiceRolled' }) | undefined;
    expect(rolled?.entered).toBe(true);
    expect(rolled?.record.terms[0]).toMatchObject({ kind: 'dice', sides: 20 });
    expect(JSON.stringify(rolled?.record)).toContain('17');
    for (const c of [gm, brannoc, tamsin]) c.close();
  });
});
