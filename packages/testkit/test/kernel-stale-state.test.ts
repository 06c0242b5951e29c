import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StaleStateError, checkStaleStateReads, loadRuleset, type CommandDef, type LoadedRuleset, type Resolution } from '@fray/engine';
import { TestTable, miniRulesetDef } from '../src/index';
import { fighter, ogre } from './fixtures';

const schema = (type: string) => z.object({ type: z.literal(type), creatureId: z.string() }).strict() as never;
const idOf = (cmd: unknown) => (cmd as { creatureId: string }).creatureId;
const askToHeal = (ctx: Resolution, id: string) =>
  ctx.ask({ key: 'mini.bandage', to: { role: 'gm' }, about: id, text: 'Bandage?', options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }] });

/** A bandage that adds 5 HP once the GM says yes; the first holds the creature across the question (the bug), the second reads it again. */
const staleBandage: CommandDef = {
  type: 'mini.staleBandage', schema: schema('mini.staleBandage'), actor: idOf,
  run: (ctx, cmd) => {
    const c = ctx.creature(idOf(cmd));
    if (askToHeal(ctx, c.id) !== 'yes') return;
    ctx.emit({ type: 'HitPointsSet', target: idOf(cmd), hp: Math.min(c.maxHp, c.hp + 5), reason: 'bandage' });
  },
};
const freshBandage: CommandDef = {
  type: 'mini.freshBandage', schema: schema('mini.freshBandage'), actor: idOf,
  run: (ctx, cmd) => {
    const id = idOf(cmd);
    if (askToHeal(ctx, id) !== 'yes') return;
    const c = ctx.creature(id);
    ctx.emit({ type: 'HitPointsSet', target: id, hp: Math.min(c.maxHp, c.hp + 5), reason: 'bandage' });
  },
};

const ruleset: LoadedRuleset = loadRuleset({ ...miniRulesetDef, commands: [...(miniRulesetDef.commands ?? []), staleBandage, freshBandage] });

/** Ana (20 HP) is asked about a bandage at 10 HP; while the question waits, the GM sets her to 4. */
function waiting(type: string): TestTable {
  const t = new TestTable(ruleset, { creatures: [fighter({ hp: 10 }), ogre()] });
  t.run({ type, creatureId: 'ana' });
  t.run({ type: 'gm.setHp', creatureId: 'ana', hp: 4 });
  return t;
}

describe('ENGINE-RESOLVE state held across a question', () => {
  beforeEach(() => checkStaleStateReads(true));
  afterEach(() => checkStaleStateReads(false));

  it('a handler that reads the creature again after ctx.ask heals from the live state, GM override included', () => {
    const t = waiting('mini.freshBandage');
    t.answer('mini.bandage', 'yes');
    expect(t.creature('ana').hp).toBe(9);
  });

  it('a handler that holds the creature across ctx.ask throws StaleStateError when resumed, with the check on', () => {
    const t = waiting('mini.staleBandage');
    expect(() => t.answer('mini.bandage', 'yes')).toThrow(StaleStateError);
    expect(t.creature('ana').hp).toBe(4);
    expect(t.state.pending?.open.map((p) => p.key)).toEqual(['mini.bandage']);
  });

  it('without the check the same handler silently heals from the HP before the pause, undoing the GM override', () => {
    checkStaleStateReads(false);
    const t = waiting('mini.staleBandage');
    t.answer('mini.bandage', 'yes');
    expect(t.creature('ana').hp).toBe(15);
  });

  it('a command that never pauses may hold state as it likes: its working state is one object from start to end', () => {
    const t = new TestTable(ruleset, { creatures: [fighter({ hp: 10 }), ogre()] });
    t.run({ type: 'mini.staleBandage', creatureId: 'ana' }, { preAnswers: { 'mini.bandage': 'yes' } });
    expect(t.creature('ana').hp).toBe(15);
  });
});
