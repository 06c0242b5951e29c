import { z } from 'zod';
import type { CommandDef, Resolution } from '@fray/engine';
import type { A5eModule } from '../module';
import { a5eTest } from '../core/d20';
import { isObject } from '../objects/object-sheet';
import { inScenario } from '../scenarios/scenario';
import { AIR_CAUSE, breathAtTurnStart, hasNoAir, isHoldingBreath, isSuffocating, loseAir, regainAir, startSuffocating } from './breath';
import { fall } from './falling';
import {
  UNDERWATER, attackOf, beyondNormalRange, breathesWater, halveBludgeoningAndFire, hasSwimSpeed, isNaturalWeapon, isRangedAttack,
  isSpellAttack, isUnderwater, worksUnderwater,
} from './underwater';
import { hazardsVars } from '../settings';

const id = z.string().min(1).max(200);

function known(ctx: Resolution, creatureId: string): void {
  if (!ctx.state.creatures[creatureId]) ctx.reject('unknown-creature', `no creature '${creatureId}'`);
}

const fallSchema = z.object({ type: z.literal('a5e.fall'), creatureId: id, feet: z.number().int().min(0).max(100_000), intoWater: z.boolean().optional(), cause: z.string().max(200).optional() }).strict();
/** The Narrator drops a creature (A5E-ENV-1, A5E-ENV-2). */
const fallCommand: CommandDef<z.infer<typeof fallSchema>> = {
  type: 'a5e.fall', schema: fallSchema, gmOnly: true,
  run(ctx, cmd) {
    known(ctx, cmd.creatureId);
    fall(ctx, cmd.creatureId, cmd.feet, { ...(cmd.intoWater ? { intoWater: true } : {}), ...(cmd.cause ? { cause: cmd.cause } : {}) });
  },
};

const underwaterSchema = z.object({ type: z.literal('a5e.setUnderwater'), creatureId: id, underwater: z.boolean() }).strict();
/**
 * A creature goes under or comes up. Under, one that cannot breathe water starts holding its breath
 * (A5E-ENV-7); coming up, a creature drowning there breathes again.
 */
const underwaterCommand: CommandDef<z.infer<typeof underwaterSchema>> = {
  type: 'a5e.setUnderwater', schema: underwaterSchema, gmOnly: true,
  run(ctx, cmd) {
    known(ctx, cmd.creatureId);
    const c = ctx.state.creatures[cmd.creatureId]!;
    if ((c.vars[UNDERWATER] === true) === cmd.underwater) ctx.reject('no-change', `${c.name} is already ${cmd.underwater ? 'underwater' : 'out of the water'}`);
    ctx.emit({ type: 'VarSet', creatureId: c.id, key: UNDERWATER, value: cmd.underwater ? true : null });
    if (cmd.underwater && !breathesWater(c) && !isObject(c)) loseAir(ctx, c.id, { holdBreath: true, cause: 'drowning', ruleId: 'A5E-ENV-7' });
    if (!cmd.underwater && c.vars[AIR_CAUSE] === 'drowning') regainAir(ctx, c.id);
  },
};

const breathingSchema = z.object({
  type: z.literal('a5e.setBreathing'), creatureId: id, canBreathe: z.boolean(),
  /** false: caught without a breath, it suffocates at once */
  holdBreath: z.boolean().optional(),
  cause: z.enum(['drowning', 'strangling', 'smothering', 'airless', 'other']).optional(),
}).strict();
/** The Narrator cuts off or restores a creature's air (A5E-ENV-4). */
const breathingCommand: CommandDef<z.infer<typeof breathingSchema>> = {
  type: 'a5e.setBreathing', schema: breathingSchema, gmOnly: true,
  run(ctx, cmd) {
    known(ctx, cmd.creatureId);
    const c = ctx.state.creatures[cmd.creatureId]!;
    if (isObject(c)) ctx.reject('not-a-creature', `${c.name} is an object and does not breathe`, 'A5E-ENV-4');
    if (hasNoAir(c) !== cmd.canBreathe) ctx.reject('no-change', `${c.name} ${cmd.canBreathe ? 'can already breathe' : 'already has no air'}`, 'A5E-ENV-4');
    if (cmd.canBreathe) regainAir(ctx, c.id);
    else loseAir(ctx, c.id, { holdBreath: cmd.holdBreath ?? true, cause: cmd.cause ?? 'other' });
  },
};

/**
 * Conditions that cut off air carry a flag: 'suffocating' (buried under rubble, say: no breath to hold)
 * or 'no-air' (it holds its breath first). Other areas use them to start A5E-ENV-4.
 */
export const AIR_FLAGS: Record<string, boolean> = { suffocating: false, 'no-air': true };

function airFlag(ctx: Resolution, conditionId: string): string | null {
  const def = ctx.ruleset.conditionById[conditionId];
  const e = def?.effects.find((x) => x.kind === 'flag' && x.flag in AIR_FLAGS);
  return e?.kind === 'flag' ? e.flag : null;
}

export const hazardsModule: A5eModule = {
  id: 'a5e.hazards',
  creatureVars: hazardsVars,
  hooks: [
    {
      stage: 'condition.added', id: 'a5e.hazards.airCutOff', priority: 50, ruleId: 'A5E-ENV-4',
      run: (ctx, p) => {
        const flag = airFlag(ctx, p.condition.conditionId);
        const c = ctx.state.creatures[p.creatureId]!;
        if (!flag || isObject(c) || hasNoAir(c)) return;
        loseAir(ctx, c.id, { holdBreath: AIR_FLAGS[flag]!, cause: `condition:${p.condition.conditionId}`, ruleId: 'A5E-ENV-4' });
      },
    },
    {
      stage: 'condition.removed', id: 'a5e.hazards.airRestored', priority: 50, ruleId: 'A5E-ENV-4',
      run: (ctx, p) => {
        const c = ctx.state.creatures[p.creatureId]!;
        if (c.vars[AIR_CAUSE] !== `condition:${p.condition.conditionId}`) return;
        if (c.conditions.some((x) => airFlag(ctx, x.conditionId))) return;
        regainAir(ctx, c.id);
      },
    },
    {
      // After the turn's resets and the rolling world phase, before death saves (A5E-ROUND-5; 300 is the
      // suffocation step in flow/phases.ts).
      stage: 'turn.start', id: 'a5e.hazards.breath', priority: 300, ruleId: 'A5E-ENV-5',
      run: (ctx, p) => breathAtTurnStart(ctx, p.creatureId),
    },
    {
      // Hurt while holding its breath underwater: a concentration check or the breath is gone (A5E-ENV-11, A5E-CORE-14).
      stage: 'hp.changed', id: 'a5e.hazards.breathDamage', priority: 60, ruleId: 'A5E-ENV-11',
      run: (ctx, p) => {
        const c = ctx.state.creatures[p.creatureId]!;
        if (!isHoldingBreath(c) || !isUnderwater(ctx.state, c.id) || c.status === 'dead') return;
        if (p.damage <= 0 && typeof p.data['a5e.total'] !== 'number') return;
        // The whole instance, temporary hit points included, as the damage pipeline records it.
        const total = typeof p.data['a5e.total'] === 'number' ? p.data['a5e.total'] : p.damage;
        const dc = Math.max(10, Math.floor(total / 2));
        // Same skill and option as every concentration check, so strife 2 and agonized reach it (A5E-CORE-14).
        const t = a5eTest(ctx, { kind: 'save', actor: c.id, ability: 'con', skill: 'concentration', dc: { label: 'concentration DC', value: dc }, options: ['concentration'], ruleId: 'A5E-ENV-11' });
        if (t.outcome !== 'success') startSuffocating(ctx, c.id, 'A5E-ENV-11', false);
      },
    },
    {
      // A creature at 0 hit points from suffocation cannot be healed while it still has no air (A5E-ENV-6, A5E-DYING-19).
      stage: 'heal.modify', id: 'a5e.hazards.noAirHealing', priority: 20, ruleId: 'A5E-ENV-6',
      run: (ctx, p) => {
        const c = ctx.state.creatures[p.target]!;
        if (p.blocked || c.hp > 0 || !hasNoAir(c) || !isSuffocating(c)) return;
        p.blocked = { reason: `${c.name} cannot regain hit points while it has no air`, ruleId: 'A5E-ENV-6' };
      },
    },
    {
      // Underwater outside a suspended-in-water scenario (A5E-SCEN-15): the six weapons, and range (A5E-ENV-8, A5E-ENV-9).
      stage: 'test.modifiers', id: 'a5e.hazards.underwaterAttack', priority: 20, ruleId: 'A5E-ENV-8',
      run: (ctx, p) => {
        if (p.kind !== 'attack' || !p.actor || inScenario(ctx.state, 'suspended-water') || !isUnderwater(ctx.state, p.actor)) return;
        const a = attackOf(ctx.state, p);
        if (!a || isSpellAttack(a)) return;
        if (isRangedAttack(p) && beyondNormalRange(ctx, p, a) && !p.autoFail) p.autoFail = { reason: 'underwater-range', ruleId: 'A5E-ENV-9' };
        const c = ctx.state.creatures[p.actor]!;
        if (!hasSwimSpeed(c) && !isNaturalWeapon(a) && !worksUnderwater(a)) {
          p.rollModeSources.push({ mode: 'disadvantage', source: 'underwater', label: `underwater (${a.name})`, ruleId: 'A5E-ENV-8' });
        }
      },
    },
    {
      // An attack that automatically misses is a miss, not a bare failure.
      stage: 'test.outcome', id: 'a5e.hazards.autoMiss', priority: 1, ruleId: 'A5E-ENV-9',
      run: (_ctx, p) => {
        if (p.kind === 'attack' && p.autoFail?.reason === 'underwater-range') p.outcome = 'miss';
      },
    },
    {
      // Underwater, bludgeoning and fire are halved before any defence (A5E-ENV-10, A5E-SCEN-3, A5E-DMG-17, AMB-25).
      stage: 'damage.modify', id: 'a5e.hazards.underwaterDamage', priority: 20, ruleId: 'A5E-DMG-17',
      run: (ctx, p) => {
        if (!isUnderwater(ctx.state, p.target)) return;
        const ruleId = inScenario(ctx.state, 'suspended-water') ? 'A5E-SCEN-3' : 'A5E-ENV-10';
        // The damage pipeline halves water damage itself when it knows (its adjust rows); only otherwise here.
        const adjust = p.data['a5e.adjust'];
        const halvedAlready = Array.isArray(adjust) && adjust.some((r) => !!r && typeof r === 'object' && !Array.isArray(r) && r['ruleId'] === 'A5E-DMG-17');
        const notes = halvedAlready
          ? (adjust as { ruleId?: string; type: string; before: number; after: number }[]).filter((r) => r.ruleId === 'A5E-DMG-17').map((r) => `${r.type} ${r.before} → ${r.after}`)
          : halveBludgeoningAndFire(p.parts);
        if (notes.length) ctx.emit({ type: 'RuleApplied', ruleId, text: `underwater: ${notes.join(', ')}`, creatureId: p.target });
      },
    },
  ],
  commands: [fallCommand, underwaterCommand, breathingCommand] as unknown as CommandDef[],
};
