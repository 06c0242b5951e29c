import { cloneJson, type Json, type Resolution } from '@fray/engine';
import { entriesWith, WORLD_VARS } from './config';
import { taggedSquares } from './area';

/**
 * The senses rules keep light, obscurement and hearing as encounter vars the Narrator can set
 * (A5E-VIS-1, A5E-VIS-2, A5E-VIS-10). The world writes its own obscurement (Snow, Thick Fog) and
 * hearing limits (Echo, Loud Winds, a world action's silence) into them, so vision, hiding, unseen
 * attacks and hearing checks all see the environment. Their shapes, by key:
 *   'a5e.obscured': { default?, zones?, squares?: { "x,y": 'none' | 'light' | 'heavy' } }
 *   'a5e.hearing':  { feet: number | null, echo: boolean }
 */
export const SENSES_OBSCURED = 'a5e.obscured';
export const SENSES_HEARING = 'a5e.hearing';
/** What the world wrote last, so an edit can take it back: { squares, default, priorHearing } */
export const FED_SENSES = 'a5e.world.fedSenses';
const FED = FED_SENSES;

type Degree = 'none' | 'light' | 'heavy';
const rank: Record<Degree, number> = { none: 0, light: 1, heavy: 2 };
const worse = (a: Degree | undefined, b: Degree): Degree => (rank[a ?? 'none'] >= rank[b] ? (a ?? 'none') : b);

interface Fed {
  squares: string[];
  default: boolean;
  /** the hearing var as it was before the world touched it */
  priorHearing: { feet: number | null; echo: boolean } | null;
}

function fed(ctx: Resolution): Fed {
  const v = ctx.state.vars[FED] as unknown as Partial<Fed> | undefined;
  return { squares: v?.squares ?? [], default: v?.default ?? false, priorHearing: v?.priorHearing ?? null };
}

function same(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Rewrites the world's share of the senses vars from the entries now active. */
export function feedSenses(ctx: Resolution): void {
  const before = fed(ctx);
  const next: Fed = { squares: [], default: false, priorHearing: before.priorHearing };

  const old = (ctx.state.vars[SENSES_OBSCURED] ?? {}) as Record<string, Json>;
  const map = cloneJson(old) as { default?: Degree; squares?: Record<string, Degree> } & Record<string, Json>;
  const squares: Record<string, Degree> = { ...(map.squares ?? {}) };
  for (const k of before.squares) delete squares[k];
  if (before.default) delete map.default;
  for (const { active, effect } of entriesWith(ctx.state, 'obscured')) {
    const mapped = taggedSquares(ctx.state, active.entry.id);
    if (mapped.length) {
      for (const s of mapped) {
        const k = `${s.x},${s.y}`;
        squares[k] = worse(squares[k], effect.degree);
        if (!next.squares.includes(k)) next.squares.push(k);
      }
    } else if (map.default === undefined || next.default) {
      map.default = worse(map.default, effect.degree);
      next.default = true;
    }
  }
  if (Object.keys(squares).length) map.squares = squares;
  else delete map.squares;
  if (!same(map as Json, old)) ctx.emit({ type: 'VarSet', creatureId: null, key: SENSES_OBSCURED, value: Object.keys(map).length ? (map as Json) : null });

  // Hearing: what the Narrator had, narrowed by unmapped Loud Winds and a silence, doubled by an unmapped Echo.
  const current = ctx.state.vars[SENSES_HEARING] as unknown as { feet?: number | null; echo?: boolean } | undefined;
  const prior = before.priorHearing ?? { feet: typeof current?.feet === 'number' ? current.feet : null, echo: current?.echo === true };
  let feet = prior.feet;
  let echo = prior.echo;
  let touched = false;
  const narrow = (f: number) => {
    feet = feet === null ? f : Math.min(feet, f);
    touched = true;
  };
  for (const { active, effect } of entriesWith(ctx.state, 'hearingLimit')) if (!taggedSquares(ctx.state, active.entry.id).length) narrow(effect.feet);
  for (const { active } of entriesWith(ctx.state, 'soundCarries')) {
    if (!taggedSquares(ctx.state, active.entry.id).length) {
      echo = true;
      touched = true;
    }
  }
  const silence = ctx.state.vars[WORLD_VARS.silence] as { feet?: number } | undefined;
  if (typeof silence?.feet === 'number') narrow(silence.feet);
  if (touched) {
    next.priorHearing = prior;
    const value = { feet, echo };
    if (!same(value, current as Json | undefined)) ctx.emit({ type: 'VarSet', creatureId: null, key: SENSES_HEARING, value });
  } else if (before.priorHearing) {
    // nothing of the world's is left: give the Narrator's setting back
    next.priorHearing = null;
    const value = before.priorHearing.feet === null && !before.priorHearing.echo ? null : before.priorHearing;
    if (!same(value as Json, current as Json | undefined)) ctx.emit({ type: 'VarSet', creatureId: null, key: SENSES_HEARING, value: value as Json });
  }
  const record = { squares: next.squares, default: next.default, priorHearing: next.priorHearing } as unknown as Json;
  if (!same(record, ctx.state.vars[FED])) ctx.emit({ type: 'VarSet', creatureId: null, key: FED, value: record });
}
