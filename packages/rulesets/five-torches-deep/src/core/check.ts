import { d20Test, type BreakdownRow, type EncounterState, type Json, type Modifier, type Resolution, type RollModeSource, type TestPayload } from '@fray/engine';
import type { Ability } from '../sheet/stat-block';
import { abilityMod, creatureIn, overload, sheetOf } from './sheet';
import { lightEffects } from '../campaign/light';

/** The GM's answer to "does position or cleverness change this roll?" (FTD-ATK-1, FTD-POS-1..3). */
export type Edge = 'none' | 'advantage' | 'disadvantage' | 'auto-success' | 'auto-failure';

export interface FtdCheckRequest {
  kind: string;
  actor: string;
  target?: string | null;
  /** the ability whose mod is added; null when a fixed bonus stands in for it (a monster's attack) */
  ability: Ability | null;
  proficient: boolean;
  fixedBonus?: { label: string; value: number };
  against: { label: string; value: number } | null;
  /** the rows explaining `against` when it is a statistic (AC) */
  againstRows?: BreakdownRow[];
  selectors?: string[];
  options?: string[];
  modifiers?: Modifier[];
  rollModeSources?: RollModeSource[];
  ruleId?: string;
  /** ask the GM for an edge first, with the rule that calls for it */
  askEdge?: { ruleId: string; why: string } | null;
  /** a dangerous check: a natural 1 always fails it (FTD-CRIT-2) */
  dangerous?: boolean;
  judge?: (p: TestPayload) => void;
  data?: Record<string, Json>;
}

export interface FtdCheckResult {
  outcome: string;
  natural: number | null;
  total: number | null;
  edge: Edge;
}

const edgeOptions = [
  { id: 'none', label: 'No change' },
  { id: 'advantage', label: 'Advantage' },
  { id: 'disadvantage', label: 'Disadvantage' },
  { id: 'auto-success', label: 'Automatic success, no roll' },
  { id: 'auto-failure', label: 'Automatic failure, no roll' },
];

/**
 * A check's numbers before any question or die (FTD-CHECK-1..4, FTD-LOAD-3, FTD-LIGHT-4..14): its
 * selectors, what light does to it, the base and modifiers, and the roll modes from the request and
 * from load. `ftdCheck` adds the GM's edge between them and the light's; an action menu's odds ask the same.
 */
export function ftdCheckParts(ctx: { readonly state: EncounterState }, req: FtdCheckRequest) {
  const c = creatureIn(ctx.state, req.actor);
  const selectors = ['check', ...(req.ability ? [`check:${req.ability}`] : []), ...(req.selectors ?? [])];
  // Light changes the roll, and makes sight impossible in darkness (FTD-LIGHT-4..14).
  const light = lightEffects(ctx.state, { kind: req.kind, actor: req.actor, target: req.target ?? null, selectors, options: req.options ?? [] });
  const base = req.fixedBonus ?? (req.ability ? { label: `${req.ability.toUpperCase()} mod`, value: abilityMod(c, req.ability) } : { label: 'no ability', value: 0 });
  const modifiers: Modifier[] = [...(req.modifiers ?? [])];
  if (req.proficient && !req.fixedBonus) {
    modifiers.push({ id: 'proficiency', label: 'proficiency bonus', value: sheetOf(c).proficiency, type: 'proficiency', source: c.id, ruleId: 'FTD-CHECK-4' });
  }
  const sources: RollModeSource[] = [...(req.rollModeSources ?? [])];
  if (overload(c) > 0) sources.push({ mode: 'disadvantage', source: 'load', label: `carrying ${overload(c)} load over STR`, ruleId: 'FTD-LOAD-3' });
  return { selectors, light, base, modifiers, sources };
}

export function askEdge(ctx: Resolution, actor: string, why: string, ruleId: string): Edge {
  return ctx.ask({
    key: 'ftd.edge', to: { role: 'gm' }, about: actor, ruleId,
    text: `${why}: does ${creatureIn(ctx.state, actor).name} get advantage, disadvantage, or a result without a roll?`,
    options: edgeOptions, default: 'none',
  }) as Edge;
}

/**
 * Every FTD roll is a check (FTD-CHECK-1): d20 + ability mod + PB when proficient + situational
 * modifiers, against a DC or AC, meeting it succeeds (FTD-CHECK-2). Load above STR gives
 * disadvantage on all of them (FTD-LOAD-3); advantage and disadvantage cancel (FTD-CHECK-3).
 */
export function ftdCheck(ctx: Resolution, req: FtdCheckRequest): FtdCheckResult {
  const c = () => creatureIn(ctx.state, req.actor);
  const parts = ftdCheckParts(ctx, req);
  const { light, base, modifiers } = parts;
  if (light.impossible) {
    ctx.emit({ type: 'RuleApplied', ruleId: 'FTD-LIGHT-6', text: `${c().name} cannot see in darkness: the check fails without a roll`, creatureId: c().id });
    ctx.emit({
      type: 'TestResolved', kind: req.kind, actor: req.actor, target: req.target ?? null, against: req.against, ...(req.againstRows ? { againstRows: req.againstRows } : {}), outcome: 'failure',
      breakdown: { rows: [], rollMode: { mode: 'normal', bonus: 0, sources: [], verdict: 'none' }, dice: '', natural: null, total: 0 },
      ruleId: 'FTD-LIGHT-6',
    });
    return { outcome: 'failure', natural: null, total: null, edge: 'auto-failure' };
  }
  const edge: Edge = req.askEdge ? askEdge(ctx, req.actor, req.askEdge.why, req.askEdge.ruleId) : 'none';
  if (edge === 'auto-success' || edge === 'auto-failure') {
    const success = edge === 'auto-success';
    const outcome = req.kind === 'attack' ? (success ? 'hit' : 'miss') : success ? 'success' : 'failure';
    ctx.emit({ type: 'RuleApplied', ruleId: req.askEdge!.ruleId === 'FTD-POS-1' ? 'FTD-POS-3' : req.askEdge!.ruleId, text: `the GM rules ${c().name}'s ${req.kind} ${success ? 'succeeds' : 'fails'} without a roll`, creatureId: c().id });
    ctx.emit({
      type: 'TestResolved', kind: req.kind, actor: req.actor, target: req.target ?? null, against: req.against, ...(req.againstRows ? { againstRows: req.againstRows } : {}), outcome,
      breakdown: { rows: [], rollMode: { mode: 'normal', bonus: 0, sources: [], verdict: 'none' }, dice: '', natural: null, total: 0 },
      ruleId: 'FTD-POS-3',
    });
    return { outcome, natural: null, total: null, edge };
  }
  const sources: RollModeSource[] = [...parts.sources];
  if (edge === 'advantage' || edge === 'disadvantage') sources.push({ mode: edge, source: 'gm', label: 'GM ruling', ruleId: req.askEdge!.ruleId });
  sources.push(...light.sources);
  const selectors = parts.selectors;
  const p = d20Test(ctx, {
    kind: req.kind, actor: req.actor, target: req.target ?? null, selectors,
    options: req.options ?? [], base, modifiers, rollModeSources: sources, against: req.against,
    ...(req.againstRows ? { againstRows: req.againstRows } : {}),
    ...(req.ruleId ? { ruleId: req.ruleId } : {}),
    ...(req.data ? { data: req.data } : {}),
    judge: (t) => {
      if (req.dangerous && t.natural === 1) t.outcome = 'failure';
      req.judge?.(t);
    },
  });
  return { outcome: p.outcome ?? 'done', natural: p.natural, total: p.total, edge };
}
