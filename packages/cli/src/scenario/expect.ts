import { currentCreatureId, type EncounterState } from '@fray/engine';
import { conditionIdsOf, tracksOf } from '../report';
import type { ScenarioExpect } from './schema';

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/**
 * Compares the state with an `expect` block. Returns one message per mismatch, each naming the
 * field by its path (`steps.2.expect.creatures.ogre.hp: expected 12, got 18`); empty when all hold.
 */
export function checkExpect(state: EncounterState, expect: ScenarioExpect, at: string): string[] {
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
  }
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
