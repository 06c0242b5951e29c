import type { EncounterState } from '../core/state';
import type { LoadedRuleset } from '../ruleset/ruleset';
import { playerView, type PlayerView } from '../view/views';
import { clockParts, formatClock, type ClockParts } from './clock';
import { activeEncounter, encounterHistory, type EncounterRecord } from './record';

/** The campaign as one seat sees it: the roster through the encounter's view rules, the clock, the fights. */
export interface CampaignPlayerView extends Pick<PlayerView, 'seat' | 'id' | 'ruleset' | 'creatures' | 'counters' | 'prompts' | 'othersWaiting' | 'version' | 'publicState'> {
  clockSeconds: number;
  clock: ClockParts;
  time: string;
  /** fights so far, with hidden creatures left out of their member lists */
  encounters: EncounterRecord[];
  activeEncounter: string | null;
}

/**
 * Pure projection for a seat: GM notes (the campaign's and each creature's), hidden creatures, other
 * creatures' exact hit points and stat blocks never leave through it.
 */
export function campaignPlayerView(state: EncounterState, seat: string, ruleset?: LoadedRuleset): CampaignPlayerView {
  const v = playerView(state, seat, ruleset);
  const visible = (id: string) => v.creatures[id] !== undefined;
  return {
    seat: v.seat,
    id: v.id,
    ruleset: v.ruleset,
    creatures: v.creatures,
    counters: v.counters,
    prompts: v.prompts,
    othersWaiting: v.othersWaiting,
    version: v.version,
    publicState: v.publicState,
    clockSeconds: state.clockSeconds,
    clock: clockParts(state.clockSeconds),
    time: formatClock(state.clockSeconds),
    encounters: encounterHistory(state).map((r) => ({ ...r, members: r.members.filter(visible) })),
    activeEncounter: activeEncounter(state)?.id ?? null,
  };
}
