import { currentCreatureId, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { conditionIdsOf, engagedOf, placementOf, tracksOf } from '../report';
import type { ScenarioExpect } from './schema';

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/**
 * Compares the state with an `expect` block. Returns one message per mismatch, each naming the
 * field by its path (`steps.2.expect.creatures.ogre.hp: expected 12, got 18`); empty when all hold.
 */
export function checkExpect(state: EncounterState, expect: ScenarioExpect, at: string, ruleset?: LoadedRuleset): string[] {
  const problems: string[] = [];
  const compare = (field: string, expected: unknown, actual: unknown) => {
    if (expected !== undefined && JSON.stringify(expected) !== JSON.stringify(actual)) problems.push(`${at}.${field}: expected ${show(expected)}, got ${show(actual)}`);
  };
  for (const [id, want] of Object.entries(expect.creatures ?? {})) {
    const c = state.creatures[id];
    if (!c) {
      problems.push(`${at}.creatures.${id}: no creature '${id}' (creatures: ${state.creatureIds.join(', ')})`);
      continue;
    }
    compare(`creatures.${id}.hp`, want.hp, c.hp);
    compare(`creatures.${id}.tempHp`, want.tempHp, c.tempHp);
    compare(`creatures.${id}.maxHp`, want.maxHp, c.maxHp);
    compare(`creatures.${id}.status`, want.status, c.status);
    if (want.conditions) compare(`creatures.${id}.conditions`, [...new Set(want.conditions)].sort(), conditionIdsOf(c));
    const tracks = tracksOf(c);
    for (const [track, level] of Object.entries(want.tracks ?? {})) compare(`creatures.${id}.tracks.${track}`, level, tracks[track] ?? 0);
    for (const [k, v] of Object.entries(want.resources ?? {})) compare(`creatures.${id}.resources.${k}`, v, c.resources[k] ?? 0);
    for (const [k, v] of Object.entries(want.tallies ?? {})) compare(`creatures.${id}.tallies.${k}`, v, c.tallies[k] ?? 0);
    for (const [k, v] of Object.entries(want.vars ?? {})) compare(`creatures.${id}.vars.${k}`, v, c.vars[k] ?? null);
    if (want.at) {
      const placed = placementOf(state, id);
      if (!placed) problems.push(`${at}.creatures.${id}.at: expected ${show(want.at)}, got no place on the map`);
      else for (const [k, v] of Object.entries(want.at)) compare(`creatures.${id}.at.${k}`, v, placed[k] ?? (k === 'zone' ? null : undefined));
    }
    if (want.derived) {
      const numbers = ruleset?.derivedNumbers?.(state, id);
      if (!numbers) problems.push(`${at}.creatures.${id}.derived: the ruleset derives no numbers`);
      else for (const [k, v] of Object.entries(want.derived)) {
        if (!Object.hasOwn(numbers, k)) problems.push(`${at}.creatures.${id}.derived.${k}: no such number (the ruleset derives: ${Object.keys(numbers).join(', ')})`);
        else compare(`creatures.${id}.derived.${k}`, v, numbers[k]);
      }
    }
    if (want.engagedWith) compare(`creatures.${id}.engagedWith`, [...new Set(want.engagedWith)].sort(), engagedOf(state, id));
  }
  for (const [k, v] of Object.entries(expect.counters ?? {})) compare(`counters.${k}`, v, state.counters[k] ?? 0);
  for (const [k, v] of Object.entries(expect.vars ?? {})) compare(`vars.${k}`, v, state.vars[k] ?? null);
  compare('clockSeconds', expect.clockSeconds, state.clockSeconds);
  compare('round', expect.round, state.round);
  if (expect.current !== undefined) compare('current', expect.current, currentCreatureId(state));
  if (expect.pendingPrompt !== undefined) {
    const open = state.pending?.open.map((p) => p.key) ?? [];
    if (expect.pendingPrompt === null ? open.length > 0 : !open.includes(expect.pendingPrompt)) {
      problems.push(`${at}.pendingPrompt: expected ${expect.pendingPrompt === null ? 'no open prompt' : `'${expect.pendingPrompt}' to be open`}, got ${open.length ? open.map((k) => `'${k}'`).join(', ') : 'none'}`);
    }
  }
  return problems;
}
