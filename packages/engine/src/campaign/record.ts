import type { Json } from '../core/json';
import type { EncounterStateCore } from '../core/state';

/** One fight in the campaign's history (kept in the campaign's vars, so it folds like everything else). */
export interface EncounterRecord {
  id: string;
  members: string[];
  startedAt: number;
  endedAt: number | null;
  rounds: number | null;
  endedReason: string | null;
}

/** Campaign bookkeeping lives in encounter-wide vars under these keys; player views never show vars. */
export const CAMPAIGN_VARS = {
  /** the GM's notes on the campaign */
  notes: 'campaign.notes',
  /** EncounterRecord[], oldest first */
  encounters: 'campaign.encounters',
  /** the id of the fight under way, if any */
  active: 'campaign.active',
  /**
   * Set in a fight's state vars (to the round number) by a ruleset that has already moved the clock to
   * the end of that round, so the write-back does not count it again.
   */
  roundClocked: 'clock.roundClocked',
} as const;

export function encounterHistory(state: EncounterStateCore): EncounterRecord[] {
  return (state.vars[CAMPAIGN_VARS.encounters] as unknown as EncounterRecord[] | undefined) ?? [];
}

export function activeEncounter(state: EncounterStateCore): EncounterRecord | null {
  const id = state.vars[CAMPAIGN_VARS.active];
  return typeof id === 'string' ? (encounterHistory(state).find((r) => r.id === id) ?? null) : null;
}

export const recordsJson = (records: EncounterRecord[]): Json => records as unknown as Json;
