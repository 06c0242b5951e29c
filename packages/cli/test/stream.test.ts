import { describe, expect, it } from 'vitest';
import type { EncounterReport } from '../src/report';
import { campaignCommand } from '../src/commands/campaign';
import { runCommand } from '../src/commands/run';
import { tableSourceOfFile, tableSourceOfText } from '../src/scenario/table-file';
import { expectLines, itRunsEach, okLines, scenario, scenarioFiles, writeTemp } from './helpers';

const party = `ruleset: a5e
clock: { day: 1, hour: 9 }
creatures:
  - { id: brannoc, side: party, controller: seat-brannoc, ref: a5e/characters/brannoc-vale.yaml }
`;
const wolfFight = (extra = '', steps = '') => `  - fight:
      id: ford
      foes:
        - { id: wolf, side: wild, ref: a5e/monsters/ashback-wolf.yaml, initiative: 12 }
${extra}      steps:
        - command: { type: startCombat }
          dice: d20:10
${steps}`;

const campaigns = scenarioFiles('campaigns');

describe('one table, one stream of play: fray run plays campaign files', () => {
  itRunsEach('campaigns', campaigns, 'campaigns/%s runs with exit 0 and every expectation met');

  it('0: a 13th Age day — a battle on zones, a quick rest answered ahead, a battle, a full heal-up — with per-battle state ending with each battle', () => {
    const r = runCommand(scenario('campaigns/13a-two-battles.yaml'));
    const lines = okLines(r);
    expectLines(lines, [
      "[steps.0.fight] fight 'bridge' at day 1, 14:00: Brann Ashgrove, Wren Halloway against brute",
      '[steps.0.fight.steps.6] Brann Ashgrove: rally (as seat-brann)',
      "  Wren Halloway's temporary hit points end (the battle is over)",
      '    Brann Ashgrove is at 34/36 HP with 7 recoveries. How many recoveries to spend? → 1 recovery, answered ahead',
    ]);
    expect(lines.at(-1)).toBe('OK: 4 steps, every expectation met');
    // fray campaign plays the same file the same way
    expect(campaignCommand(scenario('campaigns/13a-two-battles.yaml')).output).toBe(r.output);
  });

  it('--json of a campaign: the table after the last step, derived numbers, the fights', () => {
    const doc = JSON.parse(runCommand(scenario('campaigns/13a-two-battles.yaml'), { json: true }).output) as EncounterReport & { encounters: { id: string; rounds: number }[] };
    expect(doc.encounters.map((e) => [e.id, e.rounds])).toEqual([['bridge', 2], ['ford', 1]]);
    expect(doc.clockSeconds).toBe(50_418);
    expect(doc.creatures['brann']).toMatchObject({ hp: 36, tempHp: 0, resources: { recoveries: 8 }, derived: { ac: 17, pd: 15, md: 13 } });
  });

  it('2: a campaign command inside a fight, a fight command between fights: file, line, path and where it belongs', () => {
    const inFight = runCommand(writeTemp({ 'a.yaml': `${party}steps:\n${wolfFight('', '        - command: { type: a5e.shortRest, creatureIds: [brannoc], light: true }\n')}` }));
    expect(inFight.exitCode).toBe(2);
    expect(inFight.errorOutput).toMatch(/a\.yaml:13: steps\.0\.fight\.steps\.1\.command\.type: 'a5e\.shortRest' is a campaign command: it runs between fights, not in one/);
    const between = runCommand(writeTemp({ 'b.yaml': `${party}steps:\n  - command: { type: endTurn }\n` }));
    expect(between.exitCode).toBe(2);
    expect(between.errorOutput).toMatch(/^fray run: .*b\.yaml:6: steps\.0\.command\.type: 'endTurn' is a fight command: put it in a fight's steps/);
  });

  it('2: a fight map places members (at, by id) and foes (their own at); a bad place names its path', () => {
    const map = '      map: { grid: { width: 6, height: 3 } }\n';
    const off = runCommand(writeTemp({ 'off.yaml': `${party}steps:\n${wolfFight(`${map}      at: { brannoc: { x: 9, y: 0 } }\n`)}` }));
    expect(off.exitCode).toBe(2);
    expect(off.errorOutput).toMatch(/off\.yaml:\d+: steps\.0\.fight\.at\.brannoc: square \(9, 0\) is off the 6×3 map/);
    const stranger = runCommand(writeTemp({ 's.yaml': `${party}steps:\n${wolfFight(`${map}      at: { tamsin: { x: 1, y: 0 } }\n`)}` }));
    expect(stranger.errorOutput).toMatch(/steps\.0\.fight\.at\.tamsin: 'tamsin' is not a member of this fight \(members: brannoc\)/);
    const noMap = runCommand(writeTemp({ 'n.yaml': `${party}steps:\n${wolfFight('      at: { brannoc: { x: 1, y: 0 } }\n')}` }));
    expect(noMap.errorOutput).toMatch(/steps\.0\.fight\.at: members are placed but the fight has no map/);
    const rosterPlaced = runCommand(writeTemp({ 'r.yaml': `ruleset: a5e\nclock: { day: 1 }\ncreatures:\n  - { id: b, side: party, ref: a5e/characters/brannoc-vale.yaml, at: { x: 1, y: 1 } }\n` }));
    expect(rosterPlaced.errorOutput).toMatch(/creatures\.0\.at: the campaign's creatures are placed by each fight/);
    const placed = runCommand(writeTemp({ 'ok.yaml': `${party}steps:\n${wolfFight(`${map}      at: { brannoc: { x: 2, y: 1 } }\n`, '          expect: { creatures: { brannoc: { at: { x: 2, y: 1 } }, wolf: { at: { x: 0, y: 0 } } } }\n').replace("initiative: 12 }", 'initiative: 12, at: { x: 0, y: 0 } }')}` }));
    expect(placed.errorOutput).toBeUndefined();
    expect(placed.exitCode).toBe(0);
  });

  it("1: a fight's expect is checked on the table after the fight is written back", () => {
    const r = runCommand(writeTemp({ 'e.yaml': `${party}steps:\n${wolfFight()}      expect: { creatures: { brannoc: { hp: 1 } }, clockSeconds: 32406 }\n` }));
    expect(r).toMatchObject({ exitCode: 1, errorOutput: 'fray run: steps.0.fight.expect.creatures.brannoc.hp: expected 1, got 28' });
  });
});

describe('derived numbers in expect', () => {
  it('1: a wrong number and an unknown name say what the ruleset derives', () => {
    const file = writeTemp({ 'd.yaml': `${party.replace('clock: { day: 1, hour: 9 }\n', '')}expect: { creatures: { brannoc: { derived: { ac: 17, armour: 3 } } } }\n` });
    const r = runCommand(file);
    expect(r.exitCode).toBe(1);
    expect(r.errorOutput).toBe('fray run: expect.creatures.brannoc.derived.ac: expected 17, got 18\nexpect.creatures.brannoc.derived.armour: no such number (the ruleset derives: ac, speed, save.str, save.dex, save.con, save.int, save.wis, save.cha)');
  });
});

describe('pre-answers in files', () => {
  const shove = (pre: string) => `ruleset: mini
creatures:
  - { id: ana, side: party, controller: seat-ana, statBlock: { name: Ana, hp: 20, ac: 16, attackBonus: 5, damage: 1d8+3, initiativeBonus: 2, dexSave: 2 } }
  - { id: ogre, side: foes, ref: mini/ogre.yaml }
steps:
  - command: { type: startCombat }
    dice: d20:15 d20:10
  - command: { type: takeAction, actorId: ana, action: shove, targets: [ogre] }
${pre}`;

  it('0: the shove carries the ogre\'s answer; the save\'s die is the step\'s', () => {
    const r = runCommand(writeTemp({ 'p.yaml': shove('    preAnswers: { mini.brace: brace }\n    dice: d20:4\n    expect: { pendingPrompt: null, creatures: { ogre: { conditions: [prone] } } }\n') }));
    expect(r.errorOutput).toBeUndefined();
    expect(r.output).toContain('answered ahead');
  });

  it('3: a pre-answer that does not fit its prompt refuses the command, naming the prompt and the problem; expectRejected: bad-answer holds it', () => {
    const r = runCommand(writeTemp({ 'p.yaml': shove('    preAnswers: { mini.brace: 7 }\n') }));
    expect(r.exitCode).toBe(3);
    expect(r.errorOutput).toMatch(/^fray run: steps\.1: command rejected: bad-answer: pre-answer for mini\.brace: answer must be one of '[a-z-]+'(, '[a-z-]+')* \(at preAnswers\.mini\.brace\)$/);
    const held = runCommand(writeTemp({ 'q.yaml': shove('    preAnswers: { mini.brace: 7 }\n    expectRejected: bad-answer\n    expectMessage: pre-answer for mini.brace\n') }));
    expect(held.errorOutput).toBeUndefined();
    expect(held.exitCode).toBe(0);
  });

  it('1: a pre-answer no prompt asked for is a mistake in the file', () => {
    const r = runCommand(writeTemp({ 'p.yaml': shove('    preAnswers: { mini.brace: brace, a5e.knockOut: knock-out }\n    dice: d20:4\n') }));
    expect(r).toMatchObject({ exitCode: 1, errorOutput: "fray run: steps.1.preAnswers: 'a5e.knockOut' never asked (answered by pre-answers: 'mini.brace')" });
  });

  it('2: preAnswers must be a map of prompt keys to answers', () => {
    const r = runCommand(writeTemp({ 'p.yaml': shove('    preAnswers: [brace]\n') }));
    expect(r.exitCode).toBe(2);
    expect(r.errorOutput).toMatch(/p\.yaml:9: steps\.1\.preAnswers: /);
  });
});

describe('the loader a server makes tables with (scenario/table-file.ts)', () => {
  it('a campaign file: the campaign as set up (creatures, clock, options), its fights ready to start with their maps', () => {
    const src = tableSourceOfFile(scenario('campaigns/13a-two-battles.yaml'));
    expect(src.ruleset).toBe('13th-age');
    expect(src.name).toBe('13a-two-battles');
    expect(src.fight).toBeUndefined();
    expect(src.campaign).toMatchObject({ seed: 2, clockSeconds: 50_400 });
    expect(src.campaign.creatures.map((c) => [c.id, c.controller])).toEqual([['brann', 'seat-brann'], ['wren', 'seat-wren']]);
    expect(src.fights.map((f) => [f.step, f.id, f.foes.map((c) => c.id), f.space === undefined ? null : (f.space as { kind: string }).kind])).toEqual([[0, 'bridge', ['brute'], 'zones'], [2, 'ford', ['grunt'], null]]);
  });

  it('a scenario file: seat-controlled creatures are the campaign, the others the first fight, on the map', () => {
    const src = tableSourceOfFile(scenario('a5e/ditch-jump.yaml'));
    expect(src.campaign.creatures.map((c) => c.id)).toEqual(['brannoc']);
    expect(src.fight?.foes?.map((c) => c.id)).toEqual(['wolf']);
    expect((src.fight?.space as { kind: string; creatures: Record<string, unknown> }).creatures).toMatchObject({ brannoc: { x: 1, y: 1 }, wolf: { x: 0, y: 1 } });
  });

  it('text (an upload) in either format; errors name the file and the path', () => {
    expect(tableSourceOfText(`${party}steps:\n${wolfFight()}`, 'day.yaml')).toMatchObject({ name: 'day', campaign: { clockSeconds: 32_400 }, fights: [{ id: 'ford' }] });
    expect(() => tableSourceOfText(`${party}steps:\n  - command: { type: endTurn }\n`, 'day.yaml')).toThrow(/^day\.yaml:6: steps\.0\.command\.type: 'endTurn' is a fight command/);
  });
});
