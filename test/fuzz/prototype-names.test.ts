import { describe, expect, it } from 'vitest';
import { legalCommands, type CommandEnvelope, type Encounter, type Json } from '@fray/engine';
import { campaignTables, commandShapedBy, fightTables, fingerprint, prototypeProblem, type FuzzTable } from './tables';

// Issue 19 class 1: names every plain object inherits, used as any id, key or type a command carries.
const NAMES = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];

/** A fight in progress: combat started, prompts answered with their first sample, a few commands in. */
function inPlay(t: FuzzTable): Encounter {
  const enc = t.create(7);
  for (let i = 0; i < 6; i++) {
    const [next] = legalCommands(enc.state, { role: 'gm' }, t.ruleset);
    if (!next) break;
    enc.dispatch({ id: `warm-${i}`, issuedBy: { role: 'gm' }, command: next });
  }
  return enc;
}

function expectRefusedUnchanged(enc: Encounter, env: unknown, what: string): void {
  const before = fingerprint(enc);
  let r: ReturnType<Encounter['dispatch']>;
  try {
    r = enc.dispatch(env as CommandEnvelope);
  } catch (err) {
    throw new Error(`${what}: threw ${(err as Error).stack}`);
  }
  expect(prototypeProblem(), what).toBeNull();
  expect(r.ok, `${what} was accepted`).toBe(false);
  if (!r.ok) expect(r.error.code, what).not.toBe('internal');
  expect(fingerprint(enc), `${what} changed the state`).toBe(before);
}

describe('prototype names as ids, keys and types are refused (issue 19, class 1)', () => {
  for (const t of [...fightTables(), ...campaignTables()]) {
    it(`${t.name}: every command type with every string a prototype name`, () => {
      const enc = inPlay(t);
      let n = 0;
      for (const type of t.commandTypes) {
        const schema = t.schemaOf(type);
        if (!schema) continue;
        for (const name of NAMES) {
          const command = commandShapedBy(schema, name);
          if (!JSON.stringify(command).includes(name)) continue; // nothing to name (startCombat, undo)
          for (const who of [{ role: 'gm' as const }, ...t.seats.slice(0, 1).map((seat) => ({ role: 'player' as const, seat }))]) {
            expectRefusedUnchanged(enc, { id: `p${n++}`, issuedBy: who, command }, `${type} ${JSON.stringify(command)}`);
          }
        }
      }
      expect(n).toBeGreaterThan(100);
    });

    it(`${t.name}: prototype names as the command type, the envelope id, a pre-answer key and an option key`, () => {
      const enc = inPlay(t);
      const legal = legalCommands(enc.state, { role: 'gm' }, t.ruleset)[0] ?? { type: 'endTurn' };
      let n = 0;
      for (const name of NAMES) {
        expectRefusedUnchanged(enc, { id: `t${n++}`, issuedBy: { role: 'gm' }, command: { type: name } }, `type ${name}`);
        expectRefusedUnchanged(enc, { id: name, issuedBy: { role: 'gm' }, command: legal }, `envelope id ${name}`);
        expectRefusedUnchanged(enc, { id: `t${n++}`, issuedBy: { role: 'player', seat: name }, command: legal }, `seat ${name}`);
        expectRefusedUnchanged(enc, JSON.parse(`{"id":"t${n++}","issuedBy":{"role":"gm"},"command":${JSON.stringify(legal)},"preAnswers":{"${name}":1}}`), `pre-answer key ${name}`);
        const options: Record<string, Json> = JSON.parse(`{"${name}":{"hp":5}}`);
        expectRefusedUnchanged(enc, { id: `t${n++}`, issuedBy: { role: 'gm' }, command: { ...legal, options } }, `option key ${name}`);
        expectRefusedUnchanged(enc, { id: `t${n++}`, issuedBy: { role: 'gm' }, command: { type: 'gm.setCounter', key: name, value: 3 } }, `counter ${name}`);
      }
    });
  }
});
