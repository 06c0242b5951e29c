import type { EncounterState, GridSpaceState } from '@fray/engine';
import { activeEntries } from '../world/config';
import { taggedSquares } from '../world/area';
import { pushDestination } from '../world/displace';
import { defaultPushDirection } from '../world/phase';
import type { A5eGrid } from './grid-kernel';

/**
 * An environment on a grid as the compiled fight plays it (odds from here on a map in a storm): what
 * the map adds to `kernel-environment.ts`, every answer asked of the world module's own functions.
 *
 * - Difficult terrain (A5E-WORLD-36 ...): the world put it onto the map's squares when the fight
 *   started (`applyDifficultTerrain`, the squares it marked in `a5e.world.marked`); the grid kernel's
 *   moves ask the ruleset's `previewMove` on the map as it stands, so the movement rules price every
 *   square (A5E-MOVE-6). Nothing the kernel admits changes terrain mid-fight (the Narrator's edits
 *   and the actions that tip or break things are commands the policies never give; world actions
 *   beyond a one-creature save and a silence are refused by name), so the map's answers, kept per
 *   compiled fight, are never stale: a fight from another map is another compiled fight.
 * - Cover from obstacles: tagged onto the map's squares at the start (`syncCoverTags`), read by the
 *   cover rules the grid kernel asks (`attackSituationOf`); hearing limits and hidden hazards change no
 *   roll the policies make, as without a map.
 * - A push (Forceful Gale, A5E-WORLD-38): the failed creature goes the way the simulator's Narrator
 *   answers (`defaultPushDirection`, the prompt's first option), as far as `pushDestination` (the
 *   push's own square-by-square walk, stopping at anything in the way) sets it down, kept per
 *   positions, pusher and distance.
 * Refused by name: an environment on a map before the fight starts (the world lays its terrain and
 * cover down at startCombat: the state the kernel would ask the rules about is not the map yet), and
 * a world action mapped onto part of the grid (only creatures in its area may be chosen).
 */
export function gridEnvironmentRefusal(state: EncounterState): string | null {
  if (state.space === null) return null;
  if (state.phase !== 'combat') return 'an environment on a map before the fight starts (its terrain and cover go onto the map at startCombat)';
  for (const a of activeEntries(state)) {
    if (a.entry.kind === 'action' && taggedSquares(state, a.entry.id).length) return `the environment's ${a.name} (${a.entry.ruleId}) mapped onto part of the grid`;
  }
  return null;
}

/** The world's pushes on a grid: where each sets its creature down, asked once per positions, creature and distance. */
export class KernelGridPush {
  private readonly ids: readonly string[];
  private readonly direction: string;
  /** where it lands by `positions|creature|feet`; null: it stays */
  private readonly known = new Map<string, { x: number; y: number } | null>();

  constructor(private readonly base: EncounterState) {
    this.ids = base.creatureIds;
    this.direction = defaultPushDirection(base);
  }

  /** Pushes creature t `feet` on `grid` (no opportunity attacks: A5E-MOVE-21, the policies never react). */
  push(grid: A5eGrid, t: number, feet: number): void {
    const key = `${grid.positions}|${t}|${feet}`;
    let to = this.known.get(key);
    if (to === undefined) {
      const space = this.spaceNow(grid);
      const d = pushDestination(space, this.ids[t]!, this.direction, feet);
      to = d && d.moved ? { x: d.x, y: d.y } : null;
      this.known.set(key, to);
    }
    if (to) grid.moveTo(t, to.x, to.y);
  }

  /** The map with everyone where the kernel has them. */
  private spaceNow(grid: A5eGrid): GridSpaceState {
    const space = this.base.space as GridSpaceState;
    const creatures = Object.fromEntries(this.ids.map((id, k) => [id, { ...space.creatures[id]!, x: grid.x[k]!, y: grid.y[k]! }]));
    return { ...space, creatures };
  }
}
