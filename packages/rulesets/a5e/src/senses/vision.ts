import { flagEffect, hasFlag, type EncounterState, type LoadedRuleset } from '@fray/engine';
import { FLAG } from '../conditions/definitions';
import { isHiddenFrom } from '../actions/stealth';
import { distanceBetween, elevationOf, gridOf } from '../position/geometry';
import { squaresBetween } from '../position/line';
import { sheetOf } from '../sheet/derived';
import { lightAt, obscurementAt, obscurementOnSquare, worseFog, type LightLevel, type Obscurement } from './light';
import { footprint } from '../world/area';

export type Sense = 'sight' | 'blindsight' | 'truesight' | 'tremorsense';

export interface Perceived {
  /** whether the observer perceives the target at all (the unseen rules, A5E-ATK-8..12) */
  perceives: boolean;
  /** the sense that does it, or null */
  by: Sense | null;
  /** seen, but through dim light or light fog: sight-based Perception has disadvantage (A5E-VIS-1) */
  lightlyObscured: boolean;
  /** why not, in words, for events */
  reason: string | null;
}

const inRange = (range: number | undefined, dist: number | null): boolean => range !== undefined && (dist === null || dist <= range);

/** Light as a creature with darkvision or truesight in range sees it (A5E-VIS-8, A5E-VIS-9). */
export function lightFor(level: LightLevel, darkvision: boolean, truesight: boolean): LightLevel {
  if (truesight) return 'bright';
  if (!darkvision) return level;
  return level === 'dark' ? 'dim' : level === 'dim' ? 'bright' : level;
}

/** Darkness and heavy fog block sight; dim light and light fog only blur it (A5E-VIS-1..5). */
function obscurity(level: LightLevel, fog: Obscurement): Obscurement {
  if (level === 'dark' || level === 'magical-dark' || fog === 'heavy') return 'heavy';
  if (level === 'dim' || fog === 'light') return 'light';
  return 'none';
}

/** Whether a creature cannot use its eyes at all: a condition says so (blinded, A5E-COND-5). */
export function isBlind(ruleset: LoadedRuleset, state: EncounterState, id: string): boolean {
  const c = state.creatures[id];
  return !!c && hasFlag(ruleset, c, FLAG.cannotSee);
}

/**
 * Whether `observer` perceives `target`, and how (A5E-VIS-11, A5E-ATK-12): blindsight and tremorsense
 * in range ignore light, fog and invisibility; otherwise sight needs eyes, a visible target (truesight
 * sees the invisible), and neither creature nor the line between them heavily obscured. Darkvision
 * and truesight change what darkness means within their range. A creature hidden from the observer
 * (A5E-ACT-12) is not perceived.
 */
export function perceive(ruleset: LoadedRuleset, state: EncounterState, observer: string, target: string, opts: { ignoreHidden?: boolean } = {}): Perceived {
  const no = (reason: string): Perceived => ({ perceives: false, by: null, lightlyObscured: false, reason });
  if (observer === target) return { perceives: true, by: 'sight', lightlyObscured: false, reason: null };
  const o = state.creatures[observer];
  const t = state.creatures[target];
  if (!o || !t) return no('unknown creature');
  if (o.status === 'dead' || hasFlag(ruleset, o, FLAG.perceivesNothing)) return no('cannot perceive anything');
  if (!opts.ignoreHidden && isHiddenFrom(state, target, observer)) return no(`${t.name} is hidden`);
  const senses = sheetOf(o).senses;
  const dist = distanceBetween(state, observer, target);
  if (inRange(senses.blindsight, dist)) return { perceives: true, by: 'blindsight', lightlyObscured: false, reason: null };
  if (inRange(senses.tremorsense, dist) && elevationOf(state, target) <= 0) return { perceives: true, by: 'tremorsense', lightlyObscured: false, reason: null };
  if (senses.blindBeyond) return no(`${o.name} is blind beyond its blindsight`);
  const blind = flagEffect(ruleset, o, FLAG.cannotSee);
  if (blind) return no(`${o.name} is ${blind.conditionId}`);
  const truesight = inRange(senses.truesight, dist);
  if (!truesight && hasFlag(ruleset, t, FLAG.unseenWithoutTruesight)) return no(`${t.name} is invisible`);
  const darkvision = inRange(senses.darkvision, dist);
  // The observer's own spot is always within its darkvision.
  const own = obscurity(lightFor(lightAt(state, observer), senses.darkvision !== undefined, senses.truesight !== undefined), obscurementAt(state, observer));
  const there = obscurity(lightFor(lightAt(state, target), darkvision, truesight), obscurementAt(state, target));
  const between = fogBetween(state, observer, target);
  if (own === 'heavy') return no(`${o.name} stands in a heavily obscured area`);
  if (there === 'heavy') return no(`${t.name} is heavily obscured`);
  if (between === 'heavy') return no(`heavy obscurement lies between them`);
  return { perceives: true, by: 'sight', lightlyObscured: own === 'light' || there === 'light' || between === 'light', reason: null };
}

/**
 * Fog, smoke and foliage on the squares strictly between two creatures (the best line between any
 * of their squares). Darkness in between does not block: a lit target is seen across a dark room.
 */
export function fogBetween(state: EncounterState, a: string, b: string): Obscurement {
  const g = gridOf(state);
  const sa = footprint(state, a);
  const sb = footprint(state, b);
  if (!g || !sa || !sb) return 'none';
  let best: Obscurement = 'heavy';
  for (const p of sa) {
    for (const q of sb) {
      const worst = squaresBetween(p, q).reduce<Obscurement>((w, s) => worseFog(w, obscurementOnSquare(state, s)), 'none');
      if (worst === 'none') return 'none';
      if (worst === 'light') best = 'light';
    }
  }
  return best;
}

/** Whether it perceives the target by some sense, for rules that say "a creature it can see". */
export function canSee(ruleset: LoadedRuleset, state: EncounterState, observer: string, target: string): boolean {
  return perceive(ruleset, state, observer, target).perceives;
}
