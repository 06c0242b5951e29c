import { rollDice, scripted } from '@fray/dice';
import type { FrayEventBody, PromptSpec } from '@fray/engine';
import { describe, expect, it } from 'vitest';
import { narrate, timeText } from '../src/narrate';

const names = { ana: 'Ana', ogre: 'Ogre', gob: 'Goblin' };
const roll = (expr: string, faces: string, roller: string, purpose: string): FrayEventBody => ({ type: 'DiceRolled', roller, purpose, record: rollDice(expr, scripted(faces)) });
const base = (value: number) => ({ id: 'base', label: 'attack bonus', value, type: 'base', source: 'x', applied: true });
const noMode = { mode: 'normal' as const, bonus: 0, sources: [], verdict: 'none' as const };

const ogreAttacksAna: FrayEventBody[] = [
  roll('1d20', 'd20:14', 'ogre', 'attack'),
  {
    type: 'TestResolved', kind: 'attack', actor: 'ogre', target: 'ana', against: { label: 'AC', value: 16 }, outcome: 'success',
    breakdown: { rows: [base(6)], rollMode: noMode, dice: '1d20', natural: 14, total: 20 },
  },
  roll('2d8+4', 'd8:5 d8:3', 'ogre', 'damage'),
  {
    type: 'DamageApplied', target: 'ana', source: 'ogre', rows: [{ step: 'rolled', type: 'bludgeoning', before: 12, after: 12 }],
    total: 12, absorbed: 0, toHp: 12, hpBefore: 20, hpAfter: 8, tempBefore: 0, tempAfter: 0,
  },
];

describe('narrate', () => {
  it('names the seat a prompt asks and the seat that answered by the seat\'s name at the table, or by its id without one', () => {
    const prompt: PromptSpec = {
      id: 'c5.1.dice.enter.ana', key: 'dice.enter', to: { role: 'player', seat: 'seat-ana' }, about: 'ana', text: 'Enter the dice for attack: 1d20',
      input: { kind: 'dice', dice: [{ count: 1, sides: 20 }] },
    } as PromptSpec;
    const events: FrayEventBody[] = [
      { type: 'ResolutionPaused', pending: { commandId: 'c5', envelope: { id: 'c5', issuedBy: { role: 'gm' }, command: { type: 'x' } }, base: {} as never, emitted: [], answers: {}, asksBeforePause: 1, open: [prompt] } },
      { type: 'PromptAnswered', promptId: prompt.id, answer: [15], by: { role: 'player', seat: 'seat-ana' } },
    ];
    const lines = narrate(events, { names, seats: { 'seat-ana': "Ana's player" } });
    expect(lines[0]).toBe("  ? Enter the dice for attack: 1d20 (asks Ana's player; dice: 1d20)");
    expect(lines[1]).toBe("  Enter the dice for attack: 1d20 → [15], by Ana's player");
    const bare = narrate(events, { names });
    expect(bare[0]).toBe('  ? Enter the dice for attack: 1d20 (asks seat-ana; dice: 1d20)');
    expect(bare[1]).toBe('  Enter the dice for attack: 1d20 → [15], by seat-ana');
  });

  it('an attack and its damage, one line each, with names', () => {
    expect(narrate(ogreAttacksAna, { names })).toEqual([
      'Ogre attacks Ana: d20 14 + 6 = 20 vs AC 16, hit',
      '  2d8+4 → 5+3 +4 = 12 bludgeoning; Ana 20 → 8 HP',
    ]);
  });

  it('advantage shows both faces, the kept one and the sources; unapplied modifiers show their reason', () => {
    const events: FrayEventBody[] = [
      roll('2d20kh1', 'd20:3 d20:17', 'ana', 'attack'),
      {
        type: 'TestResolved', kind: 'attack', actor: 'ana', target: 'ogre', against: { label: 'AC', value: 11 }, outcome: 'success',
        breakdown: {
          rows: [
            base(5),
            { id: 'blessed', label: 'blessed', value: 2, type: 'status', source: 'blessed#1', applied: true },
            { id: 'heroism', label: 'heroism', value: 1, type: 'status', source: 'heroism#1', applied: false, reason: 'superseded', by: 'blessed' },
          ],
          rollMode: { mode: 'advantage', bonus: 0, verdict: 'advantage', sources: [{ mode: 'advantage', source: 'prone#1', label: 'target prone', applied: true }] },
          dice: '2d20kh1', natural: 17, total: 24,
        },
      },
    ];
    expect(narrate(events, { names })).toEqual([
      'Ana attacks Ogre: d20 17 (advantage from target prone: rolled 3 and 17, kept 17) + 5 + 2 blessed = 24 vs AC 11, hit; not applied: heroism + 1 (superseded by blessed)',
    ]);
  });

  it('cancelled roll modes, saves, automatic failures and natural 20s', () => {
    const save: FrayEventBody[] = [
      roll('1d20', 'd20:20', 'ana', 'save'),
      {
        type: 'TestResolved', kind: 'save', actor: 'ana', target: null, against: { label: 'DC', value: 12 }, outcome: 'success',
        breakdown: {
          rows: [{ ...base(-1), label: 'dex save' }],
          rollMode: { mode: 'normal', bonus: 0, verdict: 'cancelled', sources: [{ mode: 'advantage', source: 'a', label: 'dodging', applied: true }, { mode: 'disadvantage', source: 'b', label: 'poisoned', applied: true }] },
          dice: '1d20', natural: 20, total: 19,
        },
      },
      {
        type: 'TestResolved', kind: 'save', actor: 'ogre', target: null, against: { label: 'DC', value: 12 }, outcome: 'failure', ruleId: 'auto-fail',
        breakdown: { rows: [{ ...base(-1), label: 'dex save' }], rollMode: noMode, dice: '1d20', natural: null, total: 0 },
      },
    ];
    expect(narrate(save, { names })).toEqual([
      'Ana makes a dex save: d20 20 (advantage and disadvantage cancel: dodging, poisoned) - 1 = 19 vs DC 12, success (natural 20)',
      'Ogre makes a dex save vs DC 12: fails automatically',
    ]);
  });

  it('damage through resistance and temporary hit points; ongoing damage', () => {
    const events: FrayEventBody[] = [
      roll('1d8+3', 'd8:6', 'ana', 'damage'),
      {
        type: 'DamageApplied', target: 'ogre', source: 'ana',
        rows: [
          { step: 'rolled', type: 'slashing', before: 9, after: 9 },
          { step: 'resistance', type: 'slashing', before: 9, after: 4, note: 'resistant' },
          { step: 'tempHp', type: 'total', before: 4, after: 1, note: '3 absorbed by temporary hit points' },
        ],
        total: 4, absorbed: 3, toHp: 1, hpBefore: 30, hpAfter: 29, tempBefore: 3, tempAfter: 0,
      },
      roll('1d4 fire', 'd4:3', 'gob', 'ongoing burning'),
      {
        type: 'DamageApplied', target: 'ana', source: 'gob', rows: [{ step: 'rolled', type: 'fire', before: 3, after: 3 }],
        total: 3, absorbed: 0, toHp: 3, hpBefore: 8, hpAfter: 5, tempBefore: 0, tempAfter: 0,
      },
    ];
    expect(narrate(events, { names })).toEqual([
      '  1d8+3 → 6 +3 = 9 slashing, resistant: slashing 9 → 4, 3 absorbed by temporary hit points; Ogre 30 → 29 HP',
      'Ana takes ongoing burning damage: 1d4 fire → 3 = 3 fire; Ana 8 → 5 HP',
    ]);
  });

  it('rounds, turns, initiative, conditions (implied ones once), status, prompts asked and answered', () => {
    const prompt: PromptSpec = {
      id: 'c3.1.mini.brace.ogre', key: 'mini.brace', to: { role: 'gm' }, about: 'ogre', text: 'Brace against the shove?', input: { kind: 'choice' },
      options: [{ id: 'brace', label: 'Brace (Dex save DC 12)' }, { id: 'fall', label: 'Fall prone' }], default: 'brace',
    };
    const inst = (id: string, extra = {}) => ({ instanceId: `${id}#1`, conditionId: id, source: 'ana', duration: { kind: 'untilRemoved' as const }, ...extra });
    const events: FrayEventBody[] = [
      { type: 'InitiativeSet', reason: 'rolled', order: [{ creatureId: 'ana', total: 17, tiebreak: [], group: null, delayed: false }, { creatureId: 'ogre', total: 9, tiebreak: [4], group: null, delayed: false }, { creatureId: 'gob', total: 9, tiebreak: [2], group: null, delayed: false }, { creatureId: 'wolf', total: 5, tiebreak: [3], group: null, delayed: false }] },
      { type: 'CombatStarted' },
      { type: 'RoundStarted', round: 1 },
      { type: 'TurnStarted', round: 1, creatureId: 'ana', turnIndex: 0 },
      { type: 'ResourceSet', creatureId: 'ana', key: 'action', value: 1 },
      { type: 'ResolutionPaused', pending: { commandId: 'c3', envelope: { id: 'c3', issuedBy: { role: 'gm' }, command: { type: 'x' } }, base: {} as never, emitted: [], answers: {}, asksBeforePause: 1, open: [prompt] } },
      { type: 'PromptAnswered', promptId: prompt.id, answer: 'fall', by: { role: 'gm' } },
      { type: 'PromptAnswered', promptId: 'c4.2.mini.spare.gob', answer: 'spare', by: 'policy' },
      { type: 'ConditionAdded', creatureId: 'ogre', condition: inst('unconscious') },
      { type: 'ConditionAdded', creatureId: 'ogre', condition: inst('prone') },
      { type: 'ConditionRemoved', creatureId: 'ogre', instanceId: 'prone#1', conditionId: 'prone', reason: 'relinked' },
      { type: 'ConditionAdded', creatureId: 'ogre', condition: inst('prone', { impliedBy: 'unconscious#1' }) },
      { type: 'ConditionAdded', creatureId: 'ana', condition: inst('dodging', { duration: { kind: 'turns', creatureId: 'ana', boundary: 'start', count: 1 } }) },
      { type: 'ConditionUpdated', creatureId: 'ana', instanceId: 'weary#1', level: 2 },
      { type: 'ConditionRemoved', creatureId: 'ana', instanceId: 'dodging#1', conditionId: 'dodging', reason: "its time ran out at the start of Ana's turn" },
      { type: 'StatusSet', creatureId: 'gob', status: 'unconscious' },
      { type: 'EncounterEnded', reason: 'party wins' },
    ];
    expect(narrate(events, { names })).toEqual([
      'Initiative: Ana 17, Ogre 9 (tie-break 4), Goblin 9 (tie-break 2), wolf 5',
      'Combat starts.',
      '=== Round 1 ===',
      "--- Ana's turn ---",
      '  ? Brace against the shove? (asks the GM; brace | fall)',
      '  Brace against the shove? → Fall prone, by the GM',
      '  mini.spare (Goblin) → spare, by policy',
      'Ogre is now unconscious (by Ana)',
      'Ogre is now prone (with unconscious)',
      'Ana is now dodging until the start of its next turn',
      "Ana's weary is now level 2",
      "Ana is no longer dodging: its time ran out at the start of Ana's turn",
      'Goblin is now unconscious',
      'The encounter is over: party wins',
    ]);
  });

  it('learns names from CreatureAdded; an unpaired roll prints on its own', () => {
    const events: FrayEventBody[] = [
      {
        type: 'CreatureAdded',
        creature: {
          id: 'z', name: 'Zed', side: 'foes', controller: null, tags: [], sheet: {}, hp: 5, maxHp: 9, tempHp: 2, status: 'conscious',
          conditions: [], tracks: {}, resources: {}, tallies: {}, hidden: true, notes: null, vars: {},
        },
      },
      roll('1d20', 'd20:7', 'z', 'initiative'),
    ];
    expect(narrate(events)).toEqual(['  Zed (foes): 5/9 HP + 2 temporary [hidden]', 'Zed rolls initiative: 1d20 [7] = 7']);
  });
});

describe('narrating answers and game time', () => {
  it('an answer given without the prompt in view reads as its question and its option label', () => {
    const lines = narrate([
      { type: 'PromptAnswered', promptId: 'c3.1.world.action', answer: 'forceful-gale', by: 'policy', key: 'world.action', about: null, text: 'Round 1: which world action does the environment take?', label: 'Forceful Gale' },
      { type: 'PromptAnswered', promptId: 'c3.2.world.target', answer: 'ana', by: 'policy', key: 'world.target', about: null },
    ], { names: { ana: 'Ana' } });
    expect(lines).toEqual(['  Round 1: which world action does the environment take? → Forceful Gale, by policy', '  world.target → Ana, by policy']);
  });

  it('game-time durations read in days, hours, minutes and seconds', () => {
    expect([timeText(14400), timeText(90), timeText(6), timeText(90061), timeText(0)]).toEqual(['4 hours', '1 minute 30 seconds', '6 seconds', '1 day 1 hour', '0 seconds']);
    const lines = narrate([{ type: 'ConditionAdded', creatureId: 'ana', condition: { instanceId: 'r#1', conditionId: 'stable-recovery', source: null, duration: { kind: 'gameTime', seconds: 7200 } } }], { names: { ana: 'Ana' } });
    expect(lines).toEqual(['Ana is now stable-recovery for 2 hours']);
  });
});

describe('narrate: events redacted for a seat', () => {
  it('damage and healing without exact hit points read without them', () => {
    const dmg = { type: 'DamageApplied', target: 'ogre', source: null, total: 7, toHp: 7, absorbed: 0, rows: [{ step: 'rolled', type: 'slashing', before: 7, after: 7 }] } as unknown as FrayEventBody;
    const heal = { type: 'HealingApplied', target: 'ogre', amount: 3 } as unknown as FrayEventBody;
    expect(narrate([dmg, heal], { names: { ogre: 'Ogre' } })).toEqual(['Ogre takes 7 slashing damage', 'Ogre heals 3']);
  });
});
