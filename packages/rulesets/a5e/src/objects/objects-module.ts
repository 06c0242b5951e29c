import { z } from 'zod';
import { heal, joinCreature, type CommandDef } from '@fray/engine';
import type { A5eModule } from '../module';
import { sheetOf } from '../sheet/derived';
import { sizes } from '../sheet/stat-block';
import { doorMaterials, objectMaterials } from './object-schema';
import { isObject, objectCreature, objectOf, tableHp, type ObjectSpec } from './object-sheet';
import { bashAction, breakObject, canEventuallyOpen, isBroken, objectCheckAction } from './interact';
import { FORCEFIELD_REGEN } from './tables';
import { objectsOptions } from '../settings';

const id = z.string().min(1).max(200);

const addObjectSchema = z.object({
  type: z.literal('a5e.object.add'),
  id,
  name: z.string().min(1),
  size: z.enum(sizes).optional(),
  material: z.enum(objectMaterials).optional(),
  door: z.enum(doorMaterials).optional(),
  fortified: z.boolean().optional(),
  resilience: z.enum(['fragile', 'resilient']).optional(),
  ac: z.number().int().min(0).max(40).optional(),
  hp: z.number().int().min(1).optional(),
  damageThreshold: z.number().int().min(1).optional(),
  flammable: z.boolean().optional(),
  rayShielded: z.boolean().optional(),
  harmedByPoisonAndPsychic: z.boolean().optional(),
  side: z.string().optional(),
}).strict();

/**
 * The Narrator puts an object into play mid-fight (A5E-OBJ-3): AC and hit points from the tables
 * unless given; hit points rolled instead of fixed when the `rollObjectHP` option is on (A5E-OBJ-8).
 */
const addObject: CommandDef<z.infer<typeof addObjectSchema>> = {
  type: 'a5e.object.add',
  schema: addObjectSchema,
  gmOnly: true,
  run(ctx, cmd) {
    if (ctx.state.creatures[cmd.id]) ctx.reject('duplicate-creature', `there is already a creature '${cmd.id}'`, 'A5E-OBJ-3');
    const { type: _type, ...spec } = cmd;
    let hp: number | undefined;
    if (cmd.hp === undefined && ctx.state.options['rollObjectHP'] === true) {
      const o = { door: cmd.door, material: cmd.material, fortified: cmd.fortified ?? false, resilience: cmd.resilience ?? 'resilient' } as const;
      hp = Math.max(1, ctx.roll(tableHp(o, cmd.size ?? 'medium').dice, { roller: null, purpose: `${cmd.name} hit points` }).total);
    }
    joinCreature(ctx, objectCreature(spec as ObjectSpec, hp), { ruleId: 'A5E-OBJ-3' });
  },
};

const canOpenSchema = z.object({ type: z.literal('a5e.object.canOpen'), creatureId: id, objectId: id }).strict();

/** Reports whether a creature could ever get through an object, given time (A5E-OBJ-15). */
const canOpen: CommandDef<z.infer<typeof canOpenSchema>> = {
  type: 'a5e.object.canOpen',
  schema: canOpenSchema,
  gmOnly: true,
  allowedWhilePending: true,
  run(ctx, cmd) {
    for (const x of [cmd.creatureId, cmd.objectId]) if (!ctx.state.creatures[x]) ctx.reject('unknown-creature', `no creature '${x}'`);
    if (!isObject(ctx.state.creatures[cmd.objectId]!)) ctx.reject('not-an-object', `${cmd.objectId} is not an object`, 'A5E-OBJ-15');
    const v = canEventuallyOpen(ctx.state, cmd.creatureId, cmd.objectId);
    const text = `${v.possible ? 'can' : 'cannot'} eventually get through: best Strength check ${v.bestBash} vs Bash DC ${v.bashDC ?? '—'}, best critical ${v.bestCrit} vs threshold ${v.threshold ?? '—'}`;
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-OBJ-15', text: `${ctx.state.creatures[cmd.creatureId]!.name} ${text}`, creatureId: cmd.objectId });
  },
};

export const objectsModule: A5eModule = {
  id: 'a5e.objects',
  options: objectsOptions,
  hooks: [
    {
      // Objects take no turns (A5E-OBJ-1). objectCreature keeps them out of the initiative order; a
      // hand-written object stat block without that tag is taken out here, once combat starts.
      stage: 'encounter.start', id: 'a5e.objects.noTurns', priority: 0, ruleId: 'A5E-OBJ-1',
      run: (ctx) => {
        const order = ctx.state.order.filter((e) => !isObject(ctx.state.creatures[e.creatureId]!));
        if (order.length !== ctx.state.order.length) ctx.emit({ type: 'InitiativeSet', order, reason: 'objects take no turns', ruleId: 'A5E-OBJ-1' });
      },
    },
    {
      // Objects never succeed on Strength or Dexterity saves, and effects asking any other save pass them by (A5E-OBJ-5, A5E-CORE-4).
      stage: 'test.modifiers', id: 'a5e.objects.saves', priority: 5, ruleId: 'A5E-OBJ-5',
      run: (ctx, p) => {
        if (p.kind !== 'save' || !p.actor || !isObject(ctx.state.creatures[p.actor]!)) return;
        const physical = p.options.has('save:ability:str') || p.options.has('save:ability:dex');
        p.autoFail = { reason: physical ? 'object' : 'object-unaffected', ruleId: 'A5E-OBJ-5' };
      },
    },
    {
      stage: 'test.outcome', id: 'a5e.objects.unaffected', priority: 900, ruleId: 'A5E-OBJ-5',
      run: (_ctx, p) => {
        if (p.autoFail?.reason !== 'object-unaffected') return;
        p.outcome = 'success';
        p.data['unaffected'] = true;
      },
    },
    {
      // Before the dying rules: an object at 0 hit points breaks rather than falls unconscious (A5E-OBJ-6).
      stage: 'hp.zero', id: 'a5e.objects.break', priority: 50, ruleId: 'A5E-OBJ-6',
      run: (ctx, p) => {
        const c = ctx.state.creatures[p.creatureId]!;
        const o = objectOf(c);
        if (!o) return;
        breakObject(ctx, c.id, 'A5E-OBJ-6', 'reduced to 0 hit points');
        if (!o.keySection || !o.sectionOf) return;
        // Losing a key section brings the whole Huge or Gargantuan object down (A5E-OBJ-9).
        ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-OBJ-9', text: `${o.sectionOf} collapses: a key section is destroyed`, creatureId: c.id });
        for (const other of ctx.state.creatureIds) {
          const oc = ctx.state.creatures[other]!;
          if (other === c.id || objectOf(oc)?.sectionOf !== o.sectionOf || isBroken(oc)) continue;
          if (oc.hp > 0) ctx.emit({ type: 'HitPointsSet', target: other, hp: 0, reason: `${o.sectionOf} collapsed`, ruleId: 'A5E-OBJ-9' });
          breakObject(ctx, other, 'A5E-OBJ-9', `${o.sectionOf} collapsed`);
        }
      },
    },
    {
      // Start-of-round phase (d), after countdowns, recharges and world actions (A5E-ROUND-2; 400 is that
      // step's priority in flow/phases.ts): forcefields regain 5 hit points, up to their maximum, unless down.
      stage: 'round.start', id: 'a5e.objects.forcefield', priority: 400, ruleId: 'A5E-OBJ-17',
      run: (ctx) => {
        for (const cid of ctx.state.creatureIds) {
          const c = ctx.state.creatures[cid]!;
          if (objectOf(c)?.material !== 'forcefield' || isBroken(c) || c.hp <= 0 || c.hp >= c.maxHp) continue;
          heal(ctx, cid, FORCEFIELD_REGEN, null, 'A5E-OBJ-17');
        }
      },
    },
    {
      // Ordinary attacks barely touch a Huge or Gargantuan object unless the Narrator rules otherwise (A5E-OBJ-9).
      stage: 'damage.modify', id: 'a5e.objects.huge', priority: 15, ruleId: 'A5E-OBJ-9',
      run: (ctx, p) => {
        const c = () => (ctx.state.creatures[p.target])!;
        const o = objectOf(c());
        const size = sheetOf(c()).size;
        if (!o || o.sectionOf || (size !== 'huge' && size !== 'gargantuan') || o.harmable === true) return;
        if (!p.parts.some((x) => x.amount > 0)) return;
        const harm = o.harmable === false ? 'no-effect' : (ctx.ask({
          key: 'a5e.object.hugeHarm', to: { role: 'gm' }, about: c().id, ruleId: 'A5E-OBJ-9',
          text: `${c().name} is ${size}: can this attack harm it?`,
          options: [{ id: 'no-effect', label: 'No: ordinary weapons and tools do nothing' }, { id: 'harm', label: 'Yes: it takes the damage' }],
          default: 'no-effect',
        }) as string);
        if (harm === 'harm') return;
        for (const part of p.parts) part.amount = 0;
        ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-OBJ-9', text: `${c().name} is too big for ordinary attacks to harm`, creatureId: c().id });
      },
    },
  ],
  actions: {
    bash: bashAction,
    'object-check': objectCheckAction,
  },
  commands: [addObject as unknown as CommandDef, canOpen as unknown as CommandDef],
};
