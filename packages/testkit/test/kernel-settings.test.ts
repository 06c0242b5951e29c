import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Campaign, ContentError, Encounter, SetupError, canonicalJson, engineCreatureVars, engineOptions, loadRuleset, mergeModules, settingsOf,
  type EncounterSetup, type Json, type LoadedRuleset,
} from '@fray/engine';
import { TestTable, miniRuleset, miniRulesetDef, setupRefusal } from '../src/index';
import { fighter, goblin, ogre } from './fixtures';

// Issue 18 item 6, ADR 0005: a ruleset declares its options, optional modules and creature vars with
// types; an encounter that names anything else is refused before any event, naming it.

/** The mini ruleset with one optional module that declares an option and a family of vars. */
const withModule: LoadedRuleset = (() => {
  const merged = mergeModules('mini', [{
    id: 'mini.tides', optionalName: 'tides',
    options: { tideFeet: z.number().int().min(0), tideName: z.enum(['neap', 'spring']) },
    creatureVars: { 'tide.mark:*': z.boolean(), swimmer: z.boolean() },
  }]);
  return loadRuleset({ ...miniRulesetDef, options: merged.options, optionalModules: merged.optionalModules, creatureVars: merged.creatureVars });
})();

const rt = (ruleset: LoadedRuleset = withModule) => ({ ruleset });
const setup = (over: Partial<EncounterSetup> = {}): EncounterSetup => ({ id: 'e1', seed: 1, creatures: [fighter(), ogre()], ...over });

/** The SetupError `Encounter.create` throws for `s`. */
const refusal = (s: EncounterSetup, ruleset: LoadedRuleset = withModule): SetupError => setupRefusal(() => Encounter.create(s, rt(ruleset)));

describe('declared options, modules and creature vars', () => {
  it('an option the ruleset does not declare is refused, naming it and the options there are', () => {
    const e = refusal(setup({ options: { tideFeets: 3 } }));
    expect([e.code, e.setting, e.path]).toEqual(['unknown-option', 'tideFeets', ['options', 'tideFeets']]);
    expect(e.reason).toBe("unknown option 'tideFeets'; options: roundSeconds, tideFeet, tideName (unknown-option)");
    expect(e).toBeInstanceOf(ContentError);
  });

  it('a mistyped option is refused, naming it and what its schema wants', () => {
    const e = refusal(setup({ options: { tideFeet: 'high' } }));
    expect([e.code, e.setting, e.path]).toEqual(['bad-option', 'tideFeet', ['options', 'tideFeet']]);
    expect(e.reason).toBe("option 'tideFeet': Invalid input: expected number, received string (bad-option)");
    expect(refusal(setup({ options: { tideName: 'king' } })).code).toBe('bad-option');
    expect(refusal(setup({ options: { roundSeconds: -6 } })).setting).toBe('roundSeconds');
  });

  it('declared options of the right type are accepted and kept as given', () => {
    const enc = Encounter.create(setup({ options: { tideFeet: 3, tideName: 'spring', roundSeconds: 60 } }), rt());
    expect(enc.state.options).toEqual({ tideFeet: 3, tideName: 'spring', roundSeconds: 60 });
    expect(enc.state.roundSeconds).toBe(60);
  });

  it('a module the ruleset does not offer is refused; an optional one is switched on by its name', () => {
    const e = refusal(setup({ modules: ['tide'] }));
    expect([e.code, e.setting, e.path, e.reason]).toEqual(['unknown-module', 'tide', ['modules', 0], "unknown module 'tide'; optional modules: tides (unknown-module)"]);
    expect(Encounter.create(setup({ modules: ['tides'] }), rt()).state.modules).toEqual(['tides']);
    // the mini ruleset has no optional module: its always-on parts are not switches
    expect(refusal(setup({ modules: ['tides'] }), miniRuleset).reason).toBe("unknown module 'tides'; optional modules: none (unknown-module)");
  });

  it('a creature var the ruleset does not declare, or of the wrong type, is refused; families match by prefix', () => {
    const unknown = refusal(setup({ creatures: [fighter(), ogre({ vars: { swimer: true } })] }));
    expect([unknown.code, unknown.setting, unknown.path]).toEqual(['unknown-var', 'swimer', ['creatures', 1, 'vars', 'swimer']]);
    const bad = refusal(setup({ creatures: [fighter({ vars: { 'tide.mark:north': 'yes' } })] }));
    expect([bad.code, bad.setting, bad.reason]).toEqual(['bad-var', 'tide.mark:north', "var 'tide.mark:north': Invalid input: expected boolean, received string (bad-var)"]);
    expect(refusal(setup({ creatures: [goblin('g1', { vars: { initiativeGroup: 3 } })] })).code).toBe('bad-var');
    const ok = Encounter.create(setup({ creatures: [fighter({ vars: { 'tide.mark:north': true, swimmer: false, initiativeGroup: 'party' } })] }), rt());
    expect(ok.state.creatures['ana']!.vars).toEqual({ 'tide.mark:north': true, swimmer: false, initiativeGroup: 'party' });
  });

  it('a campaign is refused the same way', () => {
    expect(() => Campaign.create({ id: 'c', seed: 1, creatures: [fighter()], options: { tideFeet: true } }, rt())).toThrow(SetupError);
  });

  it('a creature joining mid-fight with an undeclared var is a typed rejection naming it; nothing changes', () => {
    const t = new TestTable(withModule, { creatures: [fighter(), ogre()] });
    const before = canonicalJson(t.state);
    const r = t.rejects({ type: 'addCreature', creature: goblin('g1', { vars: { swimer: true } }) as unknown as Json }, 'unknown-var');
    expect(r.message).toContain("unknown var 'swimer'");
    expect(canonicalJson(t.state)).toBe(before);
  });

  it('two modules declaring one option is a load error naming both', () => {
    const mod = (id: string) => ({ id, options: { depth: z.number() } });
    expect(() => mergeModules('mini', [mod('a'), mod('b')])).toThrow("'depth' is declared by 'a' too; one module owns each setting");
  });

  it('the engine declares what it reads itself', () => {
    expect(Object.keys(engineOptions)).toEqual(['roundSeconds']);
    expect(Object.keys(engineCreatureVars)).toEqual(['initiativeGroup']);
    expect(Object.keys(settingsOf(withModule).options).sort()).toEqual(['roundSeconds', 'tideFeet', 'tideName']);
  });

  // Bad input: any options record either makes an encounter whose every option is declared and parses,
  // or is refused with a SetupError naming one of the record's own keys; nothing else is thrown.
  it('property: arbitrary options and vars are accepted only when declared and typed, else refused naming one', () => {
    const key = fc.oneof(fc.constantFrom('tideFeet', 'tideName', 'roundSeconds', 'tide.mark:x', 'swimmer', 'initiativeGroup'), fc.string({ maxLength: 8 }));
    const value = fc.oneof(fc.integer({ min: -5, max: 700 }), fc.constantFrom('neap', 'spring', 'x', true, false, null), fc.array(fc.integer(), { maxLength: 2 }));
    const record = fc.dictionary(key, value, { maxKeys: 4 }).filter((r) => Object.keys(r).every((k) => !(k in Object.prototype)));
    const { options: optionSchemas, vars: varSchemas } = settingsOf(withModule);
    const schemaOf = (schemas: Record<string, z.ZodType>, k: string) => (Object.hasOwn(schemas, k) ? schemas[k] : k.startsWith('tide.mark:') ? schemas['tide.mark:*'] : undefined);
    const valid = (schemas: Record<string, z.ZodType>, r: Record<string, unknown>) => Object.entries(r).every(([k, v]) => schemaOf(schemas, k)?.safeParse(v).success === true);
    fc.assert(fc.property(record, record, (options, vars) => {
      const s = setup({ options: options as Record<string, Json>, creatures: [fighter({ vars: vars as Record<string, Json> })] });
      let created: Encounter | null = null;
      try {
        created = Encounter.create(s, rt());
      } catch (e) {
        expect(e).toBeInstanceOf(SetupError);
        const err = e as SetupError;
        expect(err.code.endsWith('option') ? Object.keys(options) : Object.keys(vars)).toContain(err.setting);
      }
      expect(created !== null).toBe(valid(optionSchemas, options) && valid(varSchemas, vars));
    }), { numRuns: 300 });
  });
});
