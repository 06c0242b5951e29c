import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Encounter, createGridSpace, placeCreature, playerView, redactEvents, type FrayEvent, type Json, type PromptPolicy, type Runtime } from '@fray/engine';
import { arbSeed, arbStep, playSteps, type Step } from '@fray/testkit';
import { expectNoSecrets, itKeepsTheLog } from '../../../../test/log-invariants';
import { a5eRuleset } from '../src/index';
import { ana, goblin, ogre, rogue, wolf } from './flow-fixtures';

/** Plays long enough to reach several rounds (endTurn is one legal command among dozens). */
const arbPlay = (min = 30, max = 80) => fc.array(arbStep, { minLength: min, maxLength: max });

const SECRET_NAME = 'SENTINEL-HIDDEN-ASSASSIN';
const SECRET_NOTE = 'SENTINEL-GM-NOTE';

/** A small battlefield: everyone within a few squares, so reach, Help and Fall Back all come up. */
function battlefield(): Json {
  let space = createGridSpace({ bounds: { width: 8, height: 8 } });
  const at: [string, number, number, string][] = [
    ['ana', 1, 1, 'medium'], ['rue', 1, 2, 'small'], ['fang', 0, 1, 'medium'], ['fang2', 0, 2, 'medium'],
    ['ogre', 2, 0, 'large'], ['g1', 2, 2, 'small'], ['lurker', 5, 5, 'small'],
  ];
  for (const [id, x, y, size] of at) space = placeCreature(space, id, { x, y, size });
  return space as unknown as Json;
}

const setup = (seed: number, onGrid = false) => ({
  id: 'a5e-prop',
  seed,
  ...(onGrid ? { space: battlefield() } : {}),
  creatures: [
    ana(),
    rogue(),
    ogre({ notes: SECRET_NOTE }),
    goblin('g1'),
    goblin('lurker', { hidden: true, name: SECRET_NAME }),
    wolf('fang'),
    wolf('fang2'),
  ],
});

/** Some prompts are answered by a policy, the rest wait for an answerPrompt command; both paths get exercised. */
const policy: PromptPolicy = (p) => (p.key === 'a5e.fallBack' || p.key === 'a5e.letPass' || p.key === 'a5e.hidePossible' ? undefined : p.input.kind === 'choice' ? p.options[0]?.id : p.default);

const runtime = (): Runtime => ({ ruleset: a5eRuleset, policy });

function play(seed: number, steps: Step[], onGrid = false): Encounter {
  const enc = Encounter.create(setup(seed, onGrid), runtime());
  const gm = { role: 'gm' as const };
  for (const [i, command] of [
    { type: 'a5e.setController', creatureId: 'fang', controllerId: 'ana' },
    { type: 'a5e.setController', creatureId: 'fang2', controllerId: 'ana' },
    { type: 'a5e.formGroup', groupId: 'wolves', creatureIds: ['fang', 'fang2'] },
  ].entries()) {
    const r = enc.dispatch({ id: `s${i}`, issuedBy: gm, command });
    if (!r.ok) throw new Error(`setup refused: ${r.error.message}`);
  }
  return playSteps(enc, a5eRuleset, steps);
}

/** The events that still count: those of commands never undone. */
function live(events: readonly FrayEvent[]): FrayEvent[] {
  const undone = new Set(events.filter((e) => e.type === 'CommandUndone').map((e) => e.commandId));
  return events.filter((e) => e.type !== 'CommandUndone' && !undone.has(e.commandId));
}

describe('A5E invariants over random legal play', () => {
  itKeepsTheLog({ ruleset: a5eRuleset, play, arbPlay, variant: fc.boolean(), numRuns: { same: 60, fold: 40, undo: 40 } });

  it('hit points, temporary hit points, fatigue, strife and the budget stay in bounds; no action is taken twice in a turn', () => {
    fc.assert(fc.property(arbSeed, arbPlay(60, 120), fc.boolean(), (seed, steps, onGrid) => {
      const enc = play(seed, steps, onGrid);
      for (const c of Object.values(enc.state.creatures)) {
        expect(c.hp).toBeGreaterThanOrEqual(0);
        expect(c.hp).toBeLessThanOrEqual(c.maxHp);
        expect(c.tempHp).toBeGreaterThanOrEqual(0);
        for (const track of ['fatigue', 'strife']) {
          const level = c.conditions.find((x) => x.conditionId === track)?.level ?? 0;
          expect(level).toBeGreaterThanOrEqual(0);
          expect(level + (track === 'fatigue' ? (c.tallies['pendingFatigue'] ?? 0) : 0)).toBeLessThanOrEqual(7);
        }
        for (const key of ['action', 'bonusAction', 'reaction', 'objectInteraction']) {
          expect(c.resources[key] ?? 0).toBeGreaterThanOrEqual(0);
          expect(c.resources[key] ?? 0).toBeLessThanOrEqual(1);
        }
        expect(c.resources['movementFeet']).toBeGreaterThanOrEqual(0);
      }
      // Between two renewals of a budget, each of its parts is spent at most once.
      const last = new Map<string, number>();
      for (const e of live(enc.events)) {
        if (e.type !== 'ResourceSet' || !['action', 'bonusAction', 'reaction'].includes(e.key)) continue;
        const k = `${e.creatureId}.${e.key}`;
        if (e.value === 0) expect(last.get(k), `${k} spent twice (seq ${e.seq})`).not.toBe(0);
        last.set(k, e.value);
      }
    }), { numRuns: 40 });
  });

  it('no player view or redacted log carries a planted secret', () => {
    fc.assert(fc.property(arbSeed, arbPlay(), (seed, steps) => {
      const enc = play(seed, steps);
      const rng = JSON.stringify(enc.state.dice.rng.state);
      const ogreHp = `"hp":${enc.state.creatures['ogre']!.hp},`;
      for (const seat of ['seat-ana', 'seat-rue', 'seat-nobody']) {
        const view = playerView(enc.state, seat, a5eRuleset);
        const log = redactEvents(enc.events, seat, enc.state, a5eRuleset);
        const payload = JSON.stringify(view) + JSON.stringify(log);
        expectNoSecrets(payload, [SECRET_NAME, SECRET_NOTE, '"lurker"', rng]);
        expect(JSON.stringify(view.creatures['ogre'])).not.toContain(ogreHp);
        for (const e of log) {
          if (typeof e['target'] === 'string' && enc.state.creatures[e['target']]?.controller !== seat) expect(e).not.toHaveProperty('hpAfter');
        }
      }
    }), { numRuns: 30 });
  });
});
