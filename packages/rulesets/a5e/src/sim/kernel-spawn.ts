import { creatureFromSetup, type DiceDraw, type EncounterState, type LoadedRuleset, type RollOffOrder } from '@fray/engine';
import { activeEntries, readWorldConfig, type ActiveEntry } from '../world/config';
import { defaultLeechSwarm, LEECHES, leechSwarmSetup, spawnId } from '../world/spawn';
import type { WorldEffect } from '../world/types';

/**
 * A creature the world brings into a compiled fight mid-fight: Leeches' swarm (A5E-WORLD-43), as
 * `world/spawn.ts` makes it. The kernel stays integer-indexed: the swarms a fight may need are
 * creatures of the kernel from the start (slots after the fight's own creatures, built from the world
 * module's own setup and stat block by the engine's `creatureFromSetup`), out of the fight (not up, not
 * in the turn order, nobody's target) until one joins. Joining, the next slot rolls its initiative
 * check (A5E-INIT-7: a Dexterity check, A5E-INIT-1) and takes its seat as the engine's `insertInOrder`
 * seats it (`RollOffOrder.join`), fresh from its stat block. Its side is its own, after the fight's
 * sides: it fights everyone and everyone fights it, but the simulator's fight ends when one of the
 * fight's own sides is left standing, whatever the swarms do; what it deals and takes is counted for
 * nobody, its attacks and commands are. A fight whose world brings in more swarms than there are
 * slots is handed back to the engine.
 *
 * Refused by name: the shadow puppet (A5E-WORLD-30, it copies a creature and acts on a count of its
 * own), a swarm with the Narrator's own statistics (the prompt that asks for them), and spawning on a
 * map (where it is set down).
 */

/**
 * The swarms a compiled fight holds slots for. swamp-ferry's fight needed at most five in 2,000; its
 * creatures fresh in the swamp with weakest targets fight long, and 15 % of those need a seventh
 * (handed back). Each slot costs every fight a little (the kernel's loops run over it).
 */
export const SPAWN_SLOTS = 6;

/** Why the kernel cannot play a world action's spawn, or null when it can. */
export function spawnRefusal(state: EncounterState, a: ActiveEntry, effect: Extract<WorldEffect, { kind: 'spawn' }>): string | null {
  const what = `the environment's world action ${a.name} (${a.entry.ruleId})`;
  if (effect.creature !== LEECHES) return `${what}: a ${effect.creature} joining the fight`;
  if (readWorldConfig(state).creatures[a.entry.id] !== undefined) return `${what} with the Narrator's own statistics for the swarm`;
  if (state.space !== null) return `${what} on a map`;
  return null;
}

/** The environment's world action that brings in a swarm, or null. */
function spawnEntry(state: EncounterState): ActiveEntry | null {
  return activeEntries(state).find((a) => a.entry.kind === 'action' && a.entry.effects.some((e) => e.kind === 'spawn')) ?? null;
}

/**
 * The fight as the compiled fight counts its creatures: `state` with `SPAWN_SLOTS` swarms after its own
 * creatures (ids as the world module gives them, each on its own side), or `state` itself when no
 * world action brings one in. Only the compiler reads it: the swarms are not in the turn order.
 */
export function withSpawnSlots(ruleset: LoadedRuleset, state: EncounterState): EncounterState {
  const a = spawnEntry(state);
  if (a === null) return state;
  const creatures = { ...state.creatures };
  const ids = [...state.creatureIds];
  for (let j = 1; j <= SPAWN_SLOTS; j++) {
    const id = spawnId(LEECHES, j);
    creatures[id] = creatureFromSetup(ruleset, leechSwarmSetup(id, defaultLeechSwarm, a), 'world', ['spawn', id]);
    ids.push(id);
  }
  return { ...state, creatures, creatureIds: ids };
}

/** Which slot joins next in a fight, and its initiative. */
export class KernelSpawn {
  private used = 0;

  constructor(
    /** the first slot's creature index (the fight's own creatures come before) */
    private readonly first: number,
    private readonly slots: number,
    /** each creature's initiative check modifier */
    private readonly initMod: Int32Array,
  ) {}

  /** How many joined the last fight. */
  get joined(): number {
    return this.used;
  }

  /** A fight's start: every slot free. */
  reset(): void {
    this.used = 0;
  }

  /**
   * The next swarm joins: its initiative check and its seat in `order` (`tieBreak`: one roll-off d20).
   * Its creature index, or -1 when every slot is taken (the fight is handed back).
   */
  join(dice: DiceDraw, order: RollOffOrder, tieBreak: (k: number, dice: DiceDraw) => number): number {
    if (this.used === this.slots) return -1;
    const k = this.first + this.used++;
    order.join(k, dice.next(20) + this.initMod[k]!, dice, tieBreak);
    return k;
  }
}
