import { z } from 'zod';
import { cloneJson, hasCondition, occupants, terrainAt, type CommandDef, type EncounterState, type Json, type Resolution, type TestPayload } from '@fray/engine';
import { footprint } from '../world/area';
import { testHasSkill } from '../senses/module';
import { gridOf } from './geometry';
import { squaresBetween } from './line';

/** Degrees of cover, least to most (A5E-COVER-2). */
export const coverDegrees = ['none', 'half', 'three-quarters', 'total'] as const;
export type CoverDegree = (typeof coverDegrees)[number];

/** +2 and +5 to AC, Dexterity saves and checks to hide (A5E-COVER-3, A5E-COVER-4). */
export const COVER_BONUS: Record<CoverDegree, number> = { none: 0, half: 2, 'three-quarters': 5, total: 0 };

/** encounter var: the Narrator's rulings, `"<from>><to>"` → degree; `*` as `from` means against everyone */
export const COVER = 'a5e.cover';

/**
 * Terrain tags that give cover on a grid: generic degrees, plus the environment features of
 * A5E-COVER-6. Brush only shelters a prone creature within 5 ft of it.
 */
export const COVER_TAGS: Record<string, CoverDegree> = {
  'cover:half': 'half',
  'cover:three-quarters': 'three-quarters',
  'cover:total': 'total',
  stalagmites: 'half',
  trees: 'half',
  'table-tipped': 'half',
  mirror: 'half',
  wall: 'total',
};
export const BRUSH_TAG = 'brush';

const rank = (d: CoverDegree): number => coverDegrees.indexOf(d);
export const best = (a: CoverDegree, b: CoverDegree): CoverDegree => (rank(a) >= rank(b) ? a : b);
const least = (a: CoverDegree, b: CoverDegree): CoverDegree => (rank(a) <= rank(b) ? a : b);

/** The Narrator's rulings: pair key → source → degree (an older log's bare degree reads as one unnamed source). */
function rulings(state: EncounterState): Record<string, Record<string, CoverDegree>> {
  const raw = (state.vars[COVER] as unknown as Record<string, CoverDegree | Record<string, CoverDegree>> | undefined) ?? {};
  const out: Record<string, Record<string, CoverDegree>> = {};
  for (const [key, v] of Object.entries(raw)) out[key] = typeof v === 'string' ? { [UNNAMED]: v } : { ...v };
  return out;
}

const UNNAMED = '';

/**
 * Cover `to` has against attacks and effects coming from `from`. The Narrator's rulings for the pair
 * and against everyone win (A5E-COVER-7 override), the best of the sources named counting (A5E-COVER-2);
 * otherwise a grid decides (A5E-COVER-7): the attacker picks its clearest line between square centres,
 * and along it the most protective obstacle counts (A5E-COVER-2); a creature in the way gives half cover
 * (A5E-COVER-3).
 */
export function coverAgainst(state: EncounterState, from: string, to: string): CoverDegree {
  const r = rulings(state);
  const ruled = [...Object.values(r[`${from}>${to}`] ?? {}), ...Object.values(r[`*>${to}`] ?? {})];
  if (ruled.length) return ruled.reduce(best);
  return gridCover(state, from, to);
}

export function gridCover(state: EncounterState, from: string, to: string): CoverDegree {
  const g = gridOf(state);
  const sa = footprint(state, from);
  const sb = footprint(state, to);
  if (!g || !sa || !sb || from === to) return 'none';
  const target = state.creatures[to];
  const proneNearBrush = !!target && hasCondition(target, 'prone');
  let clearest: CoverDegree = 'total';
  for (const p of sa) {
    for (const q of sb) {
      let worst: CoverDegree = 'none';
      for (const s of squaresBetween(p, q)) {
        const cell = terrainAt(g, s);
        for (const tag of cell.tags) {
          const d = COVER_TAGS[tag];
          if (d) worst = best(worst, d);
          if (tag === BRUSH_TAG && proneNearBrush && Math.max(...sb.map((t) => Math.max(Math.abs(t.x - s.x), Math.abs(t.y - s.y)))) <= 1) worst = best(worst, 'half');
        }
        if (occupants(g, s).some((id) => id !== from && id !== to && state.creatures[id]?.status !== 'dead')) worst = best(worst, 'half');
      }
      clearest = least(clearest, worst);
      if (clearest === 'none') return 'none';
    }
  }
  return clearest;
}

/** Whether `from` may single `to` out as a target: not through total cover (A5E-COVER-5). */
export function canTarget(state: EncounterState, from: string, to: string): boolean {
  return coverAgainst(state, from, to) !== 'total';
}

/**
 * Cover on d20 tests (A5E-COVER-3, A5E-COVER-4): Dexterity saves against an effect whose origin is
 * the test's `target` (all saves with `options.coverSaveScope = 'all'`), and Stealth checks to hide
 * from the test's target, or, without one, from every hostile creature at once. AC is handled where
 * attacks read it.
 */
export function coverOnTests(ctx: Resolution, p: TestPayload): void {
  if (!p.actor || p.actor === p.target) return;
  const scope = ctx.state.options['coverSaveScope'] === 'all' ? 'all' : 'dex';
  const isSave = p.kind === 'save' && !!p.target && (scope === 'all' || p.options.has('save:ability:dex'));
  const isHide = p.kind === 'check' && testHasSkill(p, 'stealth');
  if (!isSave && !isHide) return;
  const degree = p.target ? coverAgainst(ctx.state, p.target, p.actor) : hidingCover(ctx.state, p.actor);
  const value = COVER_BONUS[degree];
  if (!value) return;
  p.modifiers.push({ id: 'cover', label: `${degree} cover`, value, type: 'untyped', source: 'a5e.cover', ruleId: degree === 'half' ? 'A5E-COVER-3' : 'A5E-COVER-4' });
}

/** One Stealth roll against every watcher: the cover it has from all the hostile creatures on the map. */
function hidingCover(state: EncounterState, hider: string): CoverDegree {
  const watchers = state.creatureIds.filter((id) => id !== hider && state.creatures[id]!.side !== state.creatures[hider]!.side && state.creatures[id]!.status !== 'dead');
  if (!watchers.length) return 'none';
  return watchers.map((w) => coverAgainst(state, w, hider)).reduce(least);
}

/** The AC bonus a target has from cover against one attacker. */
export function coverAcBonus(state: EncounterState, attacker: string, target: string): { degree: CoverDegree; bonus: number } {
  const degree = coverAgainst(state, attacker, target);
  return { degree, bonus: COVER_BONUS[degree] };
}

const setCoverSchema = z.object({
  type: z.literal('a5e.setCover'),
  target: z.string().min(1),
  /** the creature the cover is against; omit for everyone */
  from: z.string().min(1).optional(),
  /** null clears the ruling (of this source, or every source) so the map decides again */
  degree: z.enum(coverDegrees).nullable(),
  /** what gives the cover (a wall, a cart); several named sources: the best counts (A5E-COVER-2) */
  source: z.string().min(1).max(200).optional(),
}).strict();

export const coverCommands: CommandDef[] = [
  {
    type: 'a5e.setCover', schema: setCoverSchema as never, gmOnly: true, allowedWhilePending: true,
    run: (ctx, cmd) => {
      const c = cmd as unknown as z.infer<typeof setCoverSchema>;
      for (const id of [c.target, ...(c.from ? [c.from] : [])]) if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`, 'A5E-COVER-7');
      const next = rulings(ctx.state);
      const key = `${c.from ?? '*'}>${c.target}`;
      const sources = { ...(next[key] ?? {}) };
      if (c.degree === null && c.source === undefined) delete next[key];
      else {
        if (c.degree === null) delete sources[c.source!];
        else sources[c.source ?? UNNAMED] = c.degree;
        if (Object.keys(sources).length) next[key] = sources;
        else delete next[key];
      }
      ctx.emit({ type: 'VarSet', creatureId: null, key: COVER, value: cloneJson(next as unknown as Json) });
      const against = c.from ? ` against ${ctx.state.creatures[c.from]!.name}` : '';
      const total = next[key] ? Object.values(next[key]!).reduce(best) : null;
      const from = c.source ? ` from ${c.source}` : '';
      const text = c.degree === null
        ? `${ctx.state.creatures[c.target]!.name}'s cover${from}${against} is cleared${total ? `: ${total} cover stands` : ': the map decides'}`
        : `${ctx.state.creatures[c.target]!.name} has ${c.degree} cover${from}${against}${total && total !== c.degree ? ` (${total} counts, the best of its cover)` : ''}`;
      ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COVER-7', text, creatureId: c.target });
    },
  },
];
