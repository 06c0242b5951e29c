import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../src/commands/run';
import type { EncounterReport } from '../src/report';
import { duel, expectLines, okLines, scenario, writeTemp } from './helpers';

const attack = `  - command: { type: takeAction, actorId: ana, action: attack, targets: [ogre] }
    as: seat-ana
    dice: d20:14 d8:6
`;

describe('fray run: exit codes', () => {
  it('0: the bundled duel scenario runs and every expectation holds', () => {
    const lines = okLines(runCommand(scenario('mini-ogre-duel.yaml')));
    expectLines(lines, [
      '[steps.8] Ana: attack Ogre (as seat-ana)',
      '  Ana attacks Ogre: d20 14 (advantage from target prone: rolled 3 and 14, kept 14) + 5 - 1 weary = 18 vs AC 11, hit',
      '    1d8+3 → 6 +3 = 9 slashing, 3 absorbed by temporary hit points; Ogre 30 → 24 HP',
    ]);
    expect(lines.at(-1)).toBe('OK: 10 steps, every expectation met');
  });

  it('0: every bundled scenario runs', () => {
    for (const file of ['demo-mini.yaml', 'mini-table-dice.yaml']) expect(runCommand(scenario(file)).exitCode, file).toBe(0);
  });

  it('0: a temp file with scripted dice and passing expectations', () => {
    const file = writeTemp({ 'ok.yaml': duel(`${attack}    expect: { creatures: { ogre: { hp: 21 } }, current: ana, round: 1 }\n`) });
    expect(runCommand(file)).toMatchObject({ exitCode: 0 });
  });

  it('1: a failed expectation names the step, the field, expected and actual', () => {
    const file = writeTemp({ 'fail.yaml': duel(`${attack}    expect: { creatures: { ogre: { hp: 20, status: conscious } } }\n`) });
    const r = runCommand(file);
    expect(r.exitCode).toBe(1);
    expect(r.errorOutput).toBe('fray run: steps.1.expect.creatures.ogre.hp: expected 20, got 21');
    // the narration up to the failure is still printed
    expect(r.output).toContain('Ana attacks Ogre: d20 14 + 5 = 19 vs AC 11, hit');
    expect(r.output).toContain('FAILED (exit 1) after 2 steps');
  });

  it('1: the final expect block, the exact set of conditions, tracks and the open prompt', () => {
    const file = writeTemp({
      'final.yaml': duel('', '    conditions: [{ id: unconscious }, { id: weary, level: 2 }]\n') +
        'expect:\n  creatures: { ogre: { conditions: [weary, prone], tracks: { weary: 1 } } }\n  pendingPrompt: mini.brace\n',
    });
    const r = runCommand(file);
    expect(r.exitCode).toBe(1);
    expect(r.errorOutput).toBe(
      [
        "fray run: expect.creatures.ogre.conditions: expected [\"prone\",\"weary\"], got [\"incapacitated\",\"prone\",\"unconscious\",\"weary\"]",
        'expect.creatures.ogre.tracks.weary: expected 1, got 2',
        "expect.pendingPrompt: expected 'mini.brace' to be open, got none",
      ].join('\n'),
    );
  });

  it('1: strict scripted dice: a die of the wrong size, and faces left over', () => {
    const wrong = runCommand(writeTemp({ 'w.yaml': duel(attack.replace('d8:6', 'd6:6')) }));
    expect(wrong.exitCode).toBe(1);
    expect(wrong.errorOutput).toBe('fray run: steps.1.dice: scripted dice mismatch: asked for a d8 but the next scripted face is d6:6 (face 2 of 2)');
    const extra = runCommand(writeTemp({ 'x.yaml': duel(attack.replace('d8:6', 'd8:6 d20:3')) }));
    expect(extra.exitCode).toBe(1);
    expect(extra.errorOutput).toBe('fray run: steps.1.dice: 1 scripted face was never used: d20:3');
  });

  it('1: expectRejected when the command is accepted, or refused with another code', () => {
    const accepted = runCommand(writeTemp({ 'a.yaml': duel(`${attack}    expectRejected: not-your-turn\n`) }));
    expect(accepted.exitCode).toBe(1);
    expect(accepted.errorOutput).toBe("fray run: steps.1.expectRejected: expected rejection 'not-your-turn', but the command was accepted");
    const other = runCommand(writeTemp({ 'o.yaml': duel('  - command: { type: takeAction, actorId: ogre, action: attack, targets: [ana] }\n    expectRejected: forbidden\n') }));
    expect(other.exitCode).toBe(1);
    expect(other.errorOutput).toBe("fray run: steps.1.expectRejected: expected rejection 'forbidden', got not-your-turn: it is not ogre's turn");
  });

  it('1: an answer for a prompt that is not open', () => {
    const r = runCommand(writeTemp({ 'p.yaml': duel(`${attack}    answers: [{ key: mini.brace, answer: brace }]\n`) }));
    expect(r.exitCode).toBe(1);
    expect(r.errorOutput).toBe("fray run: steps.1.answers.0: no open prompt 'mini.brace' to answer (open: none)");
  });

  it('3: a command rejected where the step did not expect it prints the code and message', () => {
    const r = runCommand(writeTemp({ 'r.yaml': duel('  - command: { type: takeAction, actorId: ogre, action: attack, targets: [ana] }\n') }));
    expect(r.exitCode).toBe(3);
    expect(r.errorOutput).toBe("fray run: steps.1: command rejected: not-your-turn: it is not ogre's turn");
  });

  it('3: a player commanding a creature it does not control; an answer the prompt refuses', () => {
    const forbidden = runCommand(writeTemp({ 'f.yaml': duel('  - command: { type: endTurn, creatureId: ana }\n    as: seat-bram\n') }));
    expect(forbidden).toMatchObject({ exitCode: 3, errorOutput: 'fray run: steps.1: command rejected: forbidden: seat seat-bram does not control ana' });
    const shove = '  - command: { type: takeAction, actorId: ana, action: shove, targets: [ogre] }\n    answers: [{ key: mini.brace, answer: dodge }]\n';
    const bad = runCommand(writeTemp({ 'b.yaml': duel(shove) }));
    expect(bad.exitCode).toBe(3);
    expect(bad.errorOutput).toBe("fray run: steps.1.answers.0: answer rejected: bad-answer: prompt s1.1.mini.brace.ogre: answer must be one of 'brace', 'fall'");
  });
});

describe('fray run: invalid input exits 2 naming file, path and problem', () => {
  const invalid = (text: string, name = 'bad.yaml') => {
    const file = writeTemp({ [name]: text });
    const r = runCommand(file);
    expect(r.exitCode).toBe(2);
    expect(r.output).toBe('');
    return { message: r.errorOutput!.replace(file, '<file>'), file };
  };

  it('a stat block the ruleset rejects: creatures.1.statBlock.hp', () => {
    const text = duel().replace('ref: mini/ogre.yaml', 'statBlock: { name: Ogre, hp: lots, ac: 11, attackBonus: 6, damage: 2d8+4 }');
    expect(invalid(text).message).toBe('fray run: <file>:10: creatures.1.statBlock.hp: Invalid input: expected number, received string');
  });

  it('a schema violation: a missing field, a wrong type, an unknown key', () => {
    expect(invalid(duel().replace('    side: foes\n', '')).message).toBe('fray run: <file>:8: creatures.1.side: Invalid input: expected string, received undefined');
    expect(invalid(duel().replace('tags: [pc]', 'tags: pc')).message).toBe('fray run: <file>:6: creatures.0.tags: Invalid input: expected array, received string');
    expect(invalid(duel('    expcet: { round: 1 }\n')).message).toBe('fray run: <file>:14: steps.0: Unrecognized key: "expcet"');
    expect(invalid(duel().replace('    ref: mini/ogre.yaml\n', '')).message).toBe('fray run: <file>:8: creatures.1.statBlock: give a statBlock or a ref to a stat block file');
  });

  it('YAML and JSON syntax errors, with the line', () => {
    expect(invalid('ruleset: mini\ncreatures: [\n  - id: a\n').message).toMatch(/^fray run: <file>:\d: YAML syntax: /);
    expect(invalid('{ "ruleset": "mini", }}', 'bad.json').message).toMatch(/^fray run: <file>:1: JSON syntax: /);
  });

  it('an unreadable file', () => {
    const r = runCommand(path.join(path.dirname(writeTemp({ 'x.yaml': '' })), 'missing.yaml'));
    expect(r.exitCode).toBe(2);
    expect(r.errorOutput).toMatch(/^fray run: .*missing\.yaml: no such file$/);
  });

  it('an unknown ruleset lists the known ones', () => {
    expect(invalid(duel().replace('ruleset: mini', 'ruleset: pathfinder')).message).toBe("fray run: <file>:1: ruleset: unknown ruleset 'pathfinder'; known: 13th-age, a5e, five-torches-deep, mini");
  });

  it('a ref that does not exist, and a referenced stat block that is invalid', () => {
    expect(invalid(duel().replace('mini/ogre.yaml', 'mini/troll.yaml')).message).toMatch(/^fray run: <file>:10: creatures\.1\.ref: no stat block file 'mini\/troll\.yaml' \(looked in .* and .*scenarios\/content\)$/);
    const file = writeTemp({ 's.yaml': duel().replace('mini/ogre.yaml', 'troll.yaml'), 'troll.yaml': 'name: Troll\nhp: 40\nac: 15\nattackBonus: 7\ndamage: 2d6+4\nregenerates: true\n' });
    const r = runCommand(file);
    expect(r.exitCode).toBe(2);
    expect(r.errorOutput).toBe(`fray run: ${path.join(path.dirname(file), 'troll.yaml')}:1: Unrecognized key: "regenerates" (stat block of creatures.1, from ${file})`);
  });

  it('a command the engine schema refuses, an unknown command type, bad scripted dice', () => {
    expect(invalid(duel('  - command: { type: takeAction, actorId: ana, targets: [ogre] }\n')).message).toBe(
      'fray run: <file>:14: steps.1.command.action: Invalid input: expected string, received undefined',
    );
    expect(invalid(duel('  - command: { type: fireball }\n')).message).toMatch(/^fray run: <file>:14: steps\.1\.command\.type: unknown command type 'fireball'; commands: startCombat, /);
    expect(invalid(duel(attack.replace('d8:6', 'd8:9'))).message).toBe('fray run: <file>:16: steps.1.dice: scripted dice: scripted face at position 7: a d8 shows 1 to 8, got 9');
  });

  it('setup the rules refuse: hp above the maximum, an unknown condition', () => {
    expect(invalid(duel('', '    hp: 99\n')).message).toBe('fray run: <file>:11: creatures.1.hp: hp 99 is outside 0..30');
    expect(invalid(duel('', '    conditions: [{ id: cursed }]\n')).message).toBe("fray run: <file>:11: creatures.1.conditions.0: no condition 'cursed' in ruleset mini");
  });

  it('--json still prints one JSON document with the result', () => {
    const file = writeTemp({ 'j.yaml': 'ruleset: nope\ncreatures: []\n' });
    const r = runCommand(file, { json: true });
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.output)).toEqual({ result: { exitCode: 2, message: `${file}:2: creatures: Too small: expected array to have >=1 items` } });
  });
});

describe('fray run --json', () => {
  it('prints the final state, the order, every event with dice and breakdowns, and the result', () => {
    const r = runCommand(scenario('mini-ogre-duel.yaml'), { json: true });
    expect(r.exitCode).toBe(0);
    expect(r.errorOutput).toBeUndefined();
    const doc = JSON.parse(r.output) as EncounterReport;
    expect(Object.keys(doc)).toEqual(['ruleset', 'round', 'current', 'order', 'counters', 'creatures', 'pending', 'clockSeconds', 'vars', 'rejections', 'events', 'result']);
    expect(doc).toMatchObject({ ruleset: 'mini', round: 2, current: 'ana', counters: {}, pending: [], result: { exitCode: 0 } });
    expect(doc.order).toEqual([{ creatureId: 'ana', total: 17 }, { creatureId: 'ogre', total: 9 }]);
    expect(doc.creatures).toEqual({
      ana: {
        name: 'Ana', side: 'party', hp: 7, tempHp: 0, maxHp: 20, status: 'conscious',
        conditions: [{ id: 'weary', level: 2, duration: { kind: 'untilRemoved' } }],
        tracks: { weary: 2 }, tallies: {}, resources: { action: 0 }, vars: {},
      },
      ogre: {
        name: 'Ogre', side: 'foes', hp: 24, tempHp: 0, maxHp: 30, status: 'conscious',
        conditions: [{ id: 'prone', duration: { kind: 'untilRemoved' } }],
        tracks: {}, tallies: {}, resources: { action: 0 }, vars: {},
      },
    });
    // every refusal with its code and its words, the expected ones too
    expect(doc.rejections).toEqual([
      { at: 'steps.1', code: 'not-your-turn', message: "it is not ogre's turn", expected: true },
      { at: 'steps.3', code: 'prompt-pending', message: 'waiting for an answer to s2.1.mini.brace.ogre (mini.brace): answer it, override as GM, or undo', expected: true },
    ]);
    const attack = doc.events.filter((e) => e.type === 'TestResolved').at(-1)!;
    expect(attack).toMatchObject({ kind: 'attack', actor: 'ana', target: 'ogre', outcome: 'hit', breakdown: { natural: 14, total: 18, dice: '2d20kh1', rollMode: { mode: 'advantage' } } });
    const roll = doc.events.filter((e) => e.type === 'DiceRolled').at(-1)!;
    expect(roll).toMatchObject({ purpose: 'damage', record: { total: 9, terms: [{ faces: [{ value: 6, kept: true }] }, { value: 3 }] } });
    expect(doc.events.map((e) => e.seq)).toEqual(doc.events.map((_, i) => i));
  });

  it('reports the open prompt and the failure', () => {
    const file = writeTemp({ 'p.yaml': duel('  - command: { type: takeAction, actorId: ana, action: shove, targets: [ogre] }\n    expect: { round: 3 }\n') });
    const doc = JSON.parse(runCommand(file, { json: true }).output) as EncounterReport;
    expect(doc.result).toEqual({ exitCode: 1, message: 'steps.1.expect.round: expected 3, got 1' });
    expect(doc.pending.map((p) => [p.id, p.key, p.to])).toEqual([['s1.1.mini.brace.ogre', 'mini.brace', { role: 'gm' }]]);
  });
});
