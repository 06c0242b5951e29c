import type { Json } from '../core/json';
import { cloneJson } from '../core/json';
import { ContentError } from '../core/errors';
import { Encounter, type CreatureSetup, type DispatchResult, type EncounterSetup, type EncounterSnapshot, type Proposal, type ProposeResult, type SnapshotLoadOptions } from '../core/encounter';
import type { FrayEvent } from '../core/events';
import type { EncounterState, Principal } from '../core/state';
import type { Command, CommandEnvelope } from '../command/command';
import type { Runtime } from '../resolve/context';
import { campaignCommandTable, campaignCommandsOf } from './commands';
import { activeEncounter, CAMPAIGN_VARS } from './record';

/**
 * A campaign's state is a table state like an encounter's, never in combat: the roster are its
 * creatures (with their wounds, tracks, conditions and spent pools), `clockSeconds` is the game clock,
 * and its bookkeeping (notes, the fights it ran) sits in encounter-wide vars. So every procedure that
 * works on creatures (healing, conditions, tracks) works on the campaign unchanged.
 */
export type CampaignState = EncounterState;

export interface CampaignSetup {
  id: string;
  seed: string | number;
  /** the party and anyone else who persists between fights */
  creatures: CreatureSetup[];
  options?: Record<string, Json>;
  /** the game clock at the start (see clock.ts: `clockAt(1, 8)` is day 1, 08:00); default 0 */
  clockSeconds?: number;
  diceMode?: 'seeded' | 'entered';
  file?: string;
}

export interface FightOptions {
  /** the fight's encounter id; unique within the campaign */
  id: string;
  seed: string | number;
  /** campaign creatures taking part (default: every creature in the campaign) */
  members?: string[];
  /** creatures met only in this fight */
  foes?: CreatureSetup[];
  options?: Record<string, Json>;
  space?: Json;
  modules?: string[];
  diceMode?: 'seeded' | 'entered';
}

/**
 * The encounter a fight starts from: the members exactly as the campaign holds them (carried, not
 * rebuilt), the foes from their setups, the clock at the campaign's time, the campaign's options under
 * the fight's own.
 */
export function encounterSetupFromCampaign(campaign: CampaignState, fight: FightOptions): EncounterSetup {
  const members = fight.members ?? campaign.creatureIds;
  const file = `campaign:${campaign.id}:${fight.id}`;
  members.forEach((m, i) => {
    if (!campaign.creatures[m]) throw new ContentError(file, ['members', i], `no creature '${m}' in the campaign`);
  });
  return {
    id: fight.id,
    seed: fight.seed,
    creatures: fight.foes ?? [],
    carried: members.map((m) => cloneJson(campaign.creatures[m]!)),
    options: { ...campaign.options, ...(fight.options ?? {}) },
    clockSeconds: campaign.clockSeconds,
    file,
    ...(fight.space !== undefined ? { space: fight.space } : {}),
    ...(fight.modules ? { modules: fight.modules } : {}),
    ...(fight.diceMode ? { diceMode: fight.diceMode } : {}),
  };
}

/**
 * The command that writes a fight back: the members' states at its end and when it ended. The last
 * round counts in full (the clock moves at each new round, so a 3-round fight took 18 seconds, not 12),
 * once: not again when the ruleset already moved the clock to its end (`CAMPAIGN_VARS.roundClocked`).
 */
export function encounterResult(fight: EncounterState, members: readonly string[]): Command {
  const clocked = fight.vars[CAMPAIGN_VARS.roundClocked] === fight.round;
  const endedAt = fight.clockSeconds + (fight.round > 0 && !clocked ? fight.roundSeconds : 0);
  return {
    type: 'campaign.recordEncounter',
    encounterId: fight.id,
    endedAt,
    rounds: fight.round,
    endedReason: fight.endedReason,
    creatures: members.filter((m) => fight.creatures[m]).map((m) => cloneJson(fight.creatures[m]!) as unknown as Json),
  };
}

/**
 * One campaign's authority: an event log like an encounter's (same decider, prompts, undo as an
 * event), deciding against the campaign's command table. Fights are separate encounters started from
 * it and written back into it.
 */
export class Campaign {
  private counter = 0;

  private constructor(readonly log: Encounter) {}

  static create(setup: CampaignSetup, rt: Runtime): Campaign {
    // A ruleset whose campaign commands clash fails here, before any command runs.
    campaignCommandsOf(rt.ruleset);
    return new Campaign(Encounter.create({
      id: setup.id,
      seed: setup.seed,
      creatures: setup.creatures,
      options: setup.options ?? {},
      ...(setup.clockSeconds !== undefined ? { clockSeconds: setup.clockSeconds } : {}),
      ...(setup.diceMode ? { diceMode: setup.diceMode } : {}),
      ...(setup.file ? { file: setup.file } : {}),
    }, rt, { commands: campaignCommandTable }));
  }

  static fromEvents(events: readonly FrayEvent[], rt: Runtime): Campaign {
    return new Campaign(Encounter.fromEvents(events, rt, { commands: campaignCommandTable }));
  }

  /** Loads from a snapshot and the log after it, as `Encounter.fromSnapshot` (the campaign's command table). */
  static fromSnapshot(snap: EncounterSnapshot, tail: readonly FrayEvent[], rt: Runtime, opts: Omit<SnapshotLoadOptions, 'commands'> = {}): Campaign {
    return new Campaign(Encounter.fromSnapshot(snap, tail, rt, { ...opts, commands: campaignCommandTable }));
  }

  snapshot(): EncounterSnapshot {
    return this.log.snapshot();
  }

  /** The log's length: the next event's seq. */
  get version(): number {
    return this.log.version;
  }

  get state(): CampaignState {
    return this.log.state;
  }

  get events(): readonly FrayEvent[] {
    return this.log.events;
  }

  dispatch(envelope: unknown): DispatchResult {
    return this.log.dispatch(envelope);
  }

  /** Decides without changing anything; see `Encounter.propose`. */
  propose(envelope: unknown): ProposeResult {
    return this.log.propose(envelope);
  }

  /** Applies a proposal after the store committed it; see `Encounter.commit`. */
  commit(p: Proposal): FrayEvent[] {
    return this.log.commit(p);
  }

  private gm(command: Command): CommandEnvelope {
    const issuedBy: Principal = { role: 'gm' };
    let id = `campaign-${++this.counter}`;
    while (this.log.isUsed(id)) id = `campaign-${++this.counter}`;
    return { id, issuedBy, command };
  }

  /** Records the fight's start and builds its encounter (run it with the same runtime, then `finishEncounter`). */
  startEncounter(fight: FightOptions): { ok: true; encounter: Encounter } | { ok: false; error: { code: string; message: string } } {
    const setup = encounterSetupFromCampaign(this.state, fight);
    const members = setup.carried!.map((c) => c.id);
    const r = this.dispatch(this.gm({ type: 'campaign.beginEncounter', encounterId: fight.id, members }));
    if (!r.ok) return r;
    return { ok: true, encounter: Encounter.create(setup, this.log.rt) };
  }

  /** Writes the fight's outcome back: the members' states and the time it took. */
  finishEncounter(fight: EncounterState): DispatchResult {
    const active = activeEncounter(this.state);
    if (!active || active.id !== fight.id) return { ok: false, error: { code: 'no-such-encounter', message: `no fight '${fight.id}' is under way` } };
    return this.dispatch(this.gm(encounterResult(fight, active.members)));
  }
}
