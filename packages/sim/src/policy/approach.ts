import { actionMenu, gridApproach, previewMove, squaresApart, type Command, type CreatureState, type EncounterState, type GridSpaceState, type Json, type LoadedRuleset, type ZoneSpaceState } from '@fray/engine';
import { isUp } from './demo';
import type { PolicyRng } from './types';
import { pickCandidate, type TargetStrategy } from './legal';

type Space = GridSpaceState | ZoneSpaceState;

function spaceOf(state: EncounterState): Space | null {
  const s = state.space as { kind?: string } | null;
  return s && (s.kind === 'grid' || s.kind === 'zones') ? (s as Space) : null;
}

const placed = (s: Space, id: string) => Object.hasOwn(s.creatures, id);

/**
 * A move that brings `me` closer to a hostile it cannot reach from where it stands, or null. The
 * hostile is chosen among those still up and placed, as the attack would be (`target`); the move's
 * shape is the space's own: in zones, engaging it; on a grid, a square next to it, else the furthest
 * square on the way toward it (`gridApproach`), around a creature in the way that would not let it
 * pass (A5E-MOVE-19). Every candidate goes through the rules' `previewMove` (the move command
 * decided on a copy), so a square the rules refuse (occupied, a wall, too far for the movement left,
 * speed 0) is never sent, nor a move that would provoke an opportunity attack or that the rules would
 * cut short. A
 * creature already next to (engaged with) a hostile stays. Only a move that ends strictly closer is
 * offered, so a policy that asks again after moving cannot walk in circles.
 */
export function approachMove(state: EncounterState, ruleset: LoadedRuleset, me: CreatureState, target: TargetStrategy, rng: PolicyRng, fair: (c: CreatureState) => boolean = isUp): Command | null {
  const space = spaceOf(state);
  if (!space || !placed(space, me.id)) return null;
  const foes = fairFoes(state, space, me, fair);
  // Asked before the action menu, which costs more (it works out each attack's odds): either way nothing moves.
  if (foes.length === 0 || inMeleeWith(space, me.id, foes)) return null;
  if (!mayStillAttack(state, ruleset, me.id)) return null;
  return closeIn(state, ruleset, space, me, foes, target, rng);
}

/** The hostiles a creature might close in on: up (by `fair`), seen and placed. */
function fairFoes(state: EncounterState, space: Space, me: CreatureState, fair: (c: CreatureState) => boolean): string[] {
  return state.creatureIds.filter((id) => {
    const c = state.creatures[id]!;
    return id !== me.id && c.side !== me.side && !c.hidden && fair(c) && placed(space, id);
  });
}

/** Already in melee with one of them (engaged in zones, next to it on a grid): it stays and fights (walking off could provoke, and gains nothing). */
function inMeleeWith(space: Space, me: string, foes: readonly string[]): boolean {
  return foes.some((id) => (space.kind === 'zones' ? space.engagements[me]?.includes(id) : squaresApart(space.creatures[me]!, space.creatures[id]!) <= 1));
}

/**
 * Whether the creature could still attack this turn if a hostile were in reach: an attack on its
 * action menu ('attack:<id>') that the action economy allows. A creature that has already attacked
 * (or never could) does not walk up to a foe it cannot strike.
 */
function mayStillAttack(state: EncounterState, ruleset: LoadedRuleset, id: string): boolean {
  return actionMenu(state, id, { role: 'gm' }, ruleset, { movement: false }).actions.some((a) => a.id.startsWith('attack:') && a.available);
}

function closeIn(state: EncounterState, ruleset: LoadedRuleset, space: Space, me: CreatureState, foes: readonly string[], target: TargetStrategy, rng: PolicyRng): Command | null {
  const moves: Command[] = foes.map((id) => ({ type: 'move', creatureId: me.id, to: { engage: id } }));
  const foe = foes[moves.indexOf(pickCandidate(state, foes, moves, target, rng))]!;
  // On a grid: the engine's `gridApproach`, which the compiled fights follow too.
  if (space.kind === 'grid') {
    const m = gridApproach(state, me.id, foe, ruleset);
    return m && { type: 'move', creatureId: me.id, to: m.to };
  }
  // In zones: engage the foe, unless already engaged (then moving brings it no closer).
  if (space.engagements[me.id]?.includes(foe)) return null;
  const to: Json = { engage: foe };
  const p = previewMove(state, me.id, to, ruleset);
  return p.legal && p.provokes.length === 0 ? { type: 'move', creatureId: me.id, to } : null;
}
