import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Campaign, ContentError, advanceClock, campaignPlayerView, canonicalJson, clockAt, clockParts, days, encounterHistory, encounterResult,
  encounterSetupFromCampaign, fold, formatClock, heal, hours, loadRuleset, minutes, redactEvents, requireNoFight, rounds, roundsIn,
  type CommandDef, type CreatureSetup, type LoadedRuleset, type PromptPolicy, type Runtime,
} from '@fray/engine';
import { CampaignTable, TestTable, miniRulesetDef } from '../src/index';
import { fighter, goblin, ogre, bo } from './fixtures';

/** A rest for the kernel: an hour passes, then the creature rolls d6s, deciding after each whether to roll another (at most 3). */
const miniRest: CommandDef = {
  type: 'mini.rest',
  schema: z.object({ type: z.literal('mini.rest'), creatureId: z.string() }).strict() as never,
  actor: (c) => (c as { creatureId: string }).creatureId,
  run: (ctx, cmd) => {
    const id = (cmd as unknown as { creatureId: string }).creatureId;
    if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`);
    requireNoFight(ctx, 'a rest');
    advanceClock(ctx, hours(1), 'a rest');
    for (let n = 0; n < 3; n++) {
      const more = ctx.ask({ key: 'mini.rest.more', to: { controllerOf: id }, about: id, text: 'Roll a healing die?', options: [{ id: 'roll', label: 'Roll' }, { id: 'stop', label: 'Stop' }] });
      if (more !== 'roll') return;
      heal(ctx, id, ctx.roll('1d6', { roller: id, purpose: 'rest die' }).total, id);
    }
  },
};

const ruleset: LoadedRuleset = loadRuleset({ ...miniRulesetDef, campaignCommands: [miniRest] });
const SECRET_NOTE = 'SENTINEL-CAMPAIGN-NOTE';
const SECRET_NAME = 'SENTINEL-HIDDEN-SPY';

const party = (): CreatureSetup[] => [fighter(), bo()];

describe('campaign clock', () => {
  it('converts rounds, minutes, hours and days to seconds and reads a clock back', () => {
    expect([rounds(10), minutes(1), hours(1), days(1), roundsIn(minutes(4))]).toEqual([60, 60, 3600, 86_400, 40]);
    expect(clockParts(clockAt(2, 7, 30) + 5)).toEqual({ day: 2, hour: 7, minute: 30, second: 5 });
    expect(formatClock(clockAt(1, 8))).toBe('day 1, 08:00');
  });
});

describe('a campaign stream', () => {
  it('holds the roster and the clock; time passing ends timed conditions', () => {
    const t = new CampaignTable(ruleset, { creatures: party(), clockSeconds: clockAt(1, 8) });
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'blessed', duration: { kind: 'gameTime', seconds: minutes(10) } });
    t.run({ type: 'campaign.advanceTime', seconds: minutes(9) });
    expect(t.creature('ana').conditions.map((c) => c.conditionId)).toEqual(['blessed']);
    const ev = t.run({ type: 'campaign.advanceTime', seconds: minutes(1), reason: 'a short walk' });
    expect(ev.map((e) => e.type)).toEqual(['ClockAdvanced', 'ConditionRemoved']);
    expect(t.state.clockSeconds).toBe(clockAt(1, 8, 10));
    expect(t.creature('ana').conditions).toEqual([]);
    t.rejects({ type: 'campaign.advanceTime', seconds: 60 }, 'forbidden', { as: { role: 'player', seat: 'seat-ana' } });
    t.rejects({ type: 'startCombat' }, 'malformed');
  });

  it('runs ruleset campaign commands with prompts, one per decision, and undoes them as events', () => {
    const t = new CampaignTable(ruleset, { creatures: [fighter({ hp: 5 })] });
    t.run({ type: 'mini.rest', creatureId: 'ana' });
    expect(t.state.pending?.open.map((p) => [p.key, p.to])).toEqual([['mini.rest.more', { role: 'player', seat: 'seat-ana' }]]);
    t.answer('mini.rest.more', 'roll', { dice: 'd6:4' });
    expect(t.creature('ana').hp).toBe(9);
    t.answer('mini.rest.more', 'roll', { dice: 'd6:6' });
    t.answer('mini.rest.more', 'stop');
    expect(t.creature('ana').hp).toBe(15);
    expect(t.state.pending).toBeNull();
    expect(t.state.clockSeconds).toBe(3600);
    expect(canonicalJson(fold(t.encounter.events))).toBe(canonicalJson(t.state));
    // Each answer is its own command: undo takes the last decision back and the question is open again.
    t.undo();
    expect(t.creature('ana').hp).toBe(15);
    expect(t.state.pending?.open.map((p) => p.key)).toEqual(['mini.rest.more']);
    t.undo();
    t.undo();
    t.undo();
    expect(t.creature('ana').hp).toBe(5);
    expect(t.state.clockSeconds).toBe(0);
    expect(t.state.pending).toBeNull();
  });

  it('refuses a ruleset campaign command that shadows an engine one', () => {
    const bad = loadRuleset({ ...miniRulesetDef, campaignCommands: [{ ...miniRest, type: 'campaign.advanceTime' }] });
    expect(() => new CampaignTable(bad, { creatures: party() })).toThrow(ContentError);
  });
});

describe('fights from the campaign and back', () => {
  it('a fight starts from the campaign creatures as they are, at the campaign clock, plus new foes', () => {
    const t = new CampaignTable(ruleset, { creatures: [fighter({ hp: 12 })], clockSeconds: clockAt(1, 9) });
    t.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'blessed', duration: { kind: 'gameTime', seconds: hours(1) } });
    const setup = encounterSetupFromCampaign(t.state, { id: 'road', seed: 7, foes: [goblin('g1')] });
    expect(setup.clockSeconds).toBe(clockAt(1, 9));
    expect(setup.carried?.map((c) => [c.id, c.hp, c.conditions[0]?.duration])).toEqual([['ana', 12, { kind: 'gameTime', seconds: 3600, endsAtSeconds: clockAt(1, 10) }]]);
    const fight = new TestTable(ruleset, setup);
    expect(fight.creature('ana').hp).toBe(12);
    expect(fight.state.clockSeconds).toBe(clockAt(1, 9));
    expect(fight.state.creatureIds).toEqual(['g1', 'ana']);
  });

  it('writing a fight back carries hit points, lasting conditions and spent pools, drops turn-bound ones, and the rounds advance the clock', () => {
    const t = new CampaignTable(ruleset, { creatures: [fighter()], clockSeconds: clockAt(1, 9) });
    const fight = t.startFight({ id: 'bridge', seed: 3, foes: [ogre()] });
    expect(t.state.vars['campaign.active']).toBe('bridge');
    t.rejects({ type: 'mini.rest', creatureId: 'ana' }, 'encounter-running');
    fight.run({ type: 'startCombat' }, { dice: 'd20:19 d20:2' }); // the ogre (a foe, listed first) goes first
    fight.run({ type: 'takeAction', actorId: 'ogre', action: 'attack', targets: ['ana'] }, { dice: 'd20:15 d8:3 d8:4' });
    fight.run({ type: 'endTurn' });
    fight.run({ type: 'gm.addCondition', creatureId: 'ana', conditionId: 'poisoned' });
    fight.run({ type: 'takeAction', actorId: 'ana', action: 'dodge' });
    fight.run({ type: 'endTurn' });
    fight.run({ type: 'endTurn' });
    fight.run({ type: 'gm.endEncounter', reason: 'the ogre flees' });
    expect(fight.state.round).toBe(2);
    expect(fight.creature('ana').resources['action']).toBe(1);
    const ev = t.recordFight(fight);
    const ana = t.creature('ana');
    expect(ana.hp).toBe(9);
    expect(ana.conditions.map((c) => c.conditionId)).toEqual(['poisoned']);
    expect(TestTable.ofType(ev, 'ClockAdvanced')).toMatchObject([{ seconds: 12 }]);
    expect(t.state.clockSeconds).toBe(clockAt(1, 9) + 12);
    expect(t.state.creatureIds).toEqual(['ana']);
    expect(encounterHistory(t.state)).toEqual([{ id: 'bridge', members: ['ana'], startedAt: clockAt(1, 9), endedAt: clockAt(1, 9) + 12, rounds: 2, endedReason: 'the ogre flees' }]);
    expect(t.state.vars['campaign.active']).toBeUndefined();
    t.rejects({ type: 'campaign.recordEncounter', encounterId: 'bridge', endedAt: 0, rounds: 0, endedReason: null, creatures: [] }, 'no-such-encounter');
    t.rejects({ type: 'campaign.beginEncounter', encounterId: 'bridge', members: ['ana'] }, 'duplicate-encounter');
    t.undo();
    expect(t.creature('ana').hp).toBe(20);
    expect(t.state.vars['campaign.active']).toBe('bridge');
  });

  it('the Campaign authority starts and finishes a fight itself', () => {
    const rt: Runtime = { ruleset };
    const campaign = Campaign.create({ id: 'c', seed: 1, creatures: party() }, rt);
    const started = campaign.startEncounter({ id: 'f1', seed: 9, members: ['ana'], foes: [goblin('g1')] });
    if (!started.ok) throw new Error(started.error.message);
    const fight = started.encounter;
    fight.dispatch({ id: 'h', issuedBy: { role: 'gm' }, command: { type: 'gm.setHp', creatureId: 'ana', hp: 3 } });
    fight.dispatch({ id: 'e', issuedBy: { role: 'gm' }, command: { type: 'gm.endEncounter' } });
    expect(campaign.finishEncounter(fight.state).ok).toBe(true);
    expect([campaign.state.creatures['ana']!.hp, campaign.state.creatures['bo']!.hp]).toEqual([3, 14]);
    expect(canonicalJson(Campaign.fromEvents(campaign.events, rt).state)).toBe(canonicalJson(campaign.state));
    expect(encounterResult(fight.state, ['ana'])).toMatchObject({ type: 'campaign.recordEncounter', endedAt: 0, rounds: 0 });
  });
});

describe('the campaign player view', () => {
  it('hides the GM notes, creature notes and hidden creatures, in the view and the redacted log', () => {
    const t = new CampaignTable(ruleset, { creatures: [...party(), goblin('spy', { hidden: true, name: SECRET_NAME, notes: SECRET_NOTE })] });
    t.run({ type: 'campaign.setNotes', notes: SECRET_NOTE });
    const fight = t.startFight({ id: 'f', seed: 1, members: ['ana', 'spy'] });
    fight.run({ type: 'gm.endEncounter' });
    t.recordFight(fight);
    const view = campaignPlayerView(t.state, 'seat-ana', ruleset);
    expect(Object.keys(view.creatures)).toEqual(['ana', 'bo']);
    expect(view.creatures['bo']!.hp).toBeUndefined();
    expect(view.encounters).toEqual([{ id: 'f', members: ['ana'], startedAt: 0, endedAt: 0, rounds: 0, endedReason: 'ended by the GM' }]);
    expect(view.time).toBe('day 1, 00:00');
    const leaked = JSON.stringify([view, redactEvents(t.encounter.events, 'seat-ana', t.state, ruleset)]);
    expect(leaked).not.toContain(SECRET_NOTE);
    expect(leaked).not.toContain(SECRET_NAME);
    expect(t.state.vars['campaign.notes']).toBe(SECRET_NOTE);
  });
});

/** Random campaign play: time passing, rests with their prompts, HP overrides, fights written back, undo. */
type Step = { kind: 'time'; seconds: number } | { kind: 'rest'; who: number; answers: boolean[] } | { kind: 'hp'; who: number; hp: number } | { kind: 'fight'; damage: number } | { kind: 'undo' };
const arbStep: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('time' as const), seconds: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ kind: fc.constant('rest' as const), who: fc.nat(1), answers: fc.array(fc.boolean(), { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('hp' as const), who: fc.nat(1), hp: fc.nat(14) }),
  fc.record({ kind: fc.constant('fight' as const), damage: fc.nat(30) }),
  fc.constant({ kind: 'undo' as const }),
);

function play(seed: number, steps: Step[], policy?: PromptPolicy): Campaign {
  const rt: Runtime = { ruleset, ...(policy ? { policy } : {}) };
  const c = Campaign.create({ id: 'p', seed, creatures: party() }, rt);
  let n = 0;
  const gm = { role: 'gm' as const };
  const ids = ['ana', 'bo'];
  for (const s of steps) {
    if (c.state.pending) {
      const p = c.state.pending.open[0]!;
      c.dispatch({ id: `a${n++}`, issuedBy: p.to, command: { type: 'answerPrompt', promptId: p.id, answer: s.kind === 'undo' ? 'stop' : 'roll' } });
      continue;
    }
    if (s.kind === 'undo') c.dispatch({ id: `u${n++}`, issuedBy: gm, command: { type: 'undo' } });
    else if (s.kind === 'time') c.dispatch({ id: `c${n++}`, issuedBy: gm, command: { type: 'campaign.advanceTime', seconds: s.seconds } });
    else if (s.kind === 'rest') c.dispatch({ id: `c${n++}`, issuedBy: gm, command: { type: 'mini.rest', creatureId: ids[s.who]! } });
    else if (s.kind === 'hp') c.dispatch({ id: `c${n++}`, issuedBy: gm, command: { type: 'gm.setHp', creatureId: ids[s.who]!, hp: Math.min(s.hp, c.state.creatures[ids[s.who]!]!.maxHp) } });
    else {
      const r = c.startEncounter({ id: `f${n++}`, seed, foes: [ogre()] });
      if (!r.ok) continue;
      const ana = r.encounter.state.creatures['ana']!;
      r.encounter.dispatch({ id: 'd', issuedBy: gm, command: { type: 'gm.setHp', creatureId: 'ana', hp: Math.max(0, ana.hp - s.damage) } });
      r.encounter.dispatch({ id: 'e', issuedBy: gm, command: { type: 'gm.endEncounter' } });
      c.finishEncounter(r.encounter.state);
    }
  }
  return c;
}

describe('campaign invariants over random play', () => {
  const policy: PromptPolicy = (p) => (p.about === 'bo' ? 'roll' : undefined);
  it('folding the log reproduces the live state, and replay is deterministic', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(arbStep, { maxLength: 30 }), (seed, steps) => {
      const c = play(seed, steps, policy);
      expect(canonicalJson(fold(c.events))).toBe(canonicalJson(c.state));
      expect(canonicalJson(play(seed, steps, policy).events)).toBe(canonicalJson(c.events));
      for (const cr of Object.values(c.state.creatures)) expect(cr.hp >= 0 && cr.hp <= cr.maxHp).toBe(true);
    }), { numRuns: 40 });
  });

  it('a command then undo equals the state before it, dice generator included', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(arbStep, { maxLength: 20 }), arbStep, (seed, steps, probe) => {
      const c = play(seed, steps.filter((s) => s.kind !== 'undo'), policy);
      if (c.state.pending || probe.kind === 'undo' || probe.kind === 'fight') return;
      const before = canonicalJson({ ...c.state, version: 0 });
      const command = probe.kind === 'time' ? { type: 'campaign.advanceTime', seconds: probe.seconds } : probe.kind === 'rest' ? { type: 'mini.rest', creatureId: 'bo' } : { type: 'gm.setHp', creatureId: 'bo', hp: probe.hp };
      expect(c.dispatch({ id: 'probe', issuedBy: { role: 'gm' }, command }).ok).toBe(true);
      c.dispatch({ id: 'probe-undo', issuedBy: { role: 'gm' }, command: { type: 'undo' } });
      expect(canonicalJson({ ...c.state, version: 0 })).toBe(before);
    }), { numRuns: 40 });
  });
});
