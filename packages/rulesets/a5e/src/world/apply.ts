import { addCondition, damagePartsFromRoll, dealDamage, type DurationInput, type Resolution } from '@fray/engine';
import { a5eTest } from '../core/d20';
import { gainFatigue } from '../conditions/tracks';
import type { ActiveEntry } from './config';
import { CREATURE_VARS } from './config';
import type { WorldOutcome, WorldSave } from './types';

/** The source recorded on conditions and damage the world causes. */
export const worldSource = (entryId: string): string => `world:${entryId}`;

/** A saving throw against an environment entry; true when it succeeds. */
export function worldSave(ctx: Resolution, creatureId: string, a: ActiveEntry, save: WorldSave): boolean {
  const p = a5eTest(ctx, {
    kind: 'save',
    actor: creatureId,
    ability: save.ability,
    dc: { label: `${a.name} DC`, value: save.dc },
    options: ['save:world', `world:${a.entry.id}`],
    ruleId: a.entry.ruleId,
  });
  return p.outcome === 'success';
}

function duration(until: Extract<WorldOutcome, { kind: 'condition' }>['until'], creatureId: string): DurationInput {
  if (until === 'startOfNextTurn') return { kind: 'nextTurn', creatureId, boundary: 'start' };
  if (until === 'endOfNextTurn') return { kind: 'nextTurn', creatureId, boundary: 'end' };
  return { kind: 'untilRemoved' };
}

/**
 * What a failed save (or an unsaved trigger) does to each creature in `failed`. Damage is rolled once
 * for all of them (A5E-DMG-3); Cold Chill rolls its smaller dice once more for those in cold-weather gear.
 */
export function applyOutcome(ctx: Resolution, a: ActiveEntry, outcome: WorldOutcome, failed: readonly string[]): void {
  if (!failed.length) return;
  const ruleId = a.entry.ruleId;
  switch (outcome.kind) {
    case 'damage': {
      const geared = outcome.gearDice ? failed.filter((id) => ctx.state.creatures[id]!.vars[CREATURE_VARS.coldGear] === true) : [];
      const bare = failed.filter((id) => !geared.includes(id));
      const groups: [string, string[]][] = [[outcome.dice, bare], [outcome.gearDice ?? outcome.dice, geared]];
      for (const [dice, ids] of groups) {
        if (!ids.length) continue;
        const record = ctx.roll(`${dice} ${outcome.type}`, { roller: null, purpose: `${a.name} damage` });
        if (dice !== outcome.dice) ctx.emit({ type: 'RuleApplied', ruleId, text: `cold-weather gear: ${dice} instead of ${outcome.dice} for ${ids.join(', ')}` });
        for (const id of ids) {
          dealDamage(ctx, id, damagePartsFromRoll(record, outcome.type), { source: null, options: ['damage:world', `world:${a.entry.id}`], data: { world: a.entry.id } });
        }
      }
      return;
    }
    case 'condition':
      for (const id of failed) {
        addCondition(ctx, id, outcome.condition, { source: worldSource(a.entry.id), ruleId, duration: duration(outcome.until, id) });
      }
      return;
    case 'fatigue':
      for (const id of failed) gainFatigue(ctx, id, outcome.levels, ruleId);
      return;
    case 'push':
      // pushes need a direction; the world-action code handles them
      return;
  }
}

/** Saves for every creature, then the failure outcome for those who failed; success means no effect (A5E-WORLD-6). */
export function saveOrSuffer(ctx: Resolution, a: ActiveEntry, save: WorldSave, outcome: WorldOutcome, creatures: readonly string[]): string[] {
  const failed = creatures.filter((id) => !worldSave(ctx, id, a, save));
  applyOutcome(ctx, a, outcome, failed);
  return failed;
}
