import { describe, expect, it } from 'vitest';
import type { SetupError} from '@fray/engine';
import { Encounter, type EncounterSetup } from '@fray/engine';
import { setupRefusal } from '@fray/testkit';
import { a5eRuleset } from '../src/index';
import { ana, ogre } from './fixtures';

// Issue 18 item 6 (ADR 0005): each module declares the options and creature vars it reads; a set-up
// naming anything else, or a wrong type, is refused when the encounter is made.
const make = (over: Partial<EncounterSetup>) => Encounter.create({ id: 'e', seed: 1, creatures: [ana(), ogre()], ...over }, { ruleset: a5eRuleset });
const refusal = (over: Partial<EncounterSetup>): SetupError => setupRefusal(() => make(over));

describe('A5E settings', () => {
  it('A5E-DYING-16 npcDyingPrompt is a boolean: the text "no" is refused, naming the option', () => {
    const e = refusal({ options: { npcDyingPrompt: 'no' } });
    expect([e.code, e.setting, e.reason]).toEqual(['bad-option', 'npcDyingPrompt', "option 'npcDyingPrompt': Invalid input: expected boolean, received string (bad-option)"]);
  });

  it('a misspelt option is refused, naming it; the list of options names every module\'s', () => {
    const e = refusal({ options: { knockoutPrompt: 'always' } });
    expect([e.code, e.setting]).toEqual(['unknown-option', 'knockoutPrompt']);
    for (const name of ['knockOutPrompt', 'environment', 'duel', 'countdowns', 'a5e.zoneBandFeet', 'roundSeconds']) expect(e.reason).toContain(name);
  });

  it('DUEL-SCOPE-1 the duel is the one optional module: "duel" switches it on, another name is refused', () => {
    expect(a5eRuleset.optionalModules).toEqual(['duel']);
    expect(make({ modules: ['duel'] }).state.modules).toEqual(['duel']);
    expect(refusal({ modules: ['duels'] }).reason).toBe("unknown module 'duels'; optional modules: duel (unknown-module)");
  });

  it('DUEL-INIT-1 a duel setting of the wrong shape is refused at its path', () => {
    const e = refusal({ modules: ['duel'], options: { duel: { initiative: 'coin' } } });
    expect([e.code, e.path]).toEqual(['bad-option', ['options', 'duel', 'initiative']]);
    expect(refusal({ options: { duel: { initative: 'rps' } } }).code).toBe('bad-option');
  });

  it('A5E-COUNT-2 a countdown of 0 dice is refused when the encounter is made', () => {
    const e = refusal({ options: { countdowns: [{ id: 'bad', dice: 0 }] } });
    expect([e.code, e.path]).toEqual(['bad-option', ['options', 'countdowns', 0, 'dice']]);
  });

  it('creature vars: declared ones with their types; a family (limited actions used) by prefix; others refused', () => {
    const ok = make({ creatures: [ana({ vars: { concentrating: 'bless', 'a5e.action.used:mending-touch': 1, damageThreshold: 5 } }), ogre()] });
    expect(ok.state.creatures['ana']!.vars).toMatchObject({ concentrating: 'bless', 'a5e.action.used:mending-touch': 1, damageThreshold: 5 });
    expect(refusal({ creatures: [ana({ vars: { damageThreshold: 'five' } })] }).code).toBe('bad-var');
    expect(refusal({ creatures: [ana({ vars: { 'a5e.action.used:mending-touch': -1 } })] }).code).toBe('bad-var');
    expect(refusal({ creatures: [ana({ vars: { concentratng: 'bless' } })] }).setting).toBe('concentratng');
  });
});
