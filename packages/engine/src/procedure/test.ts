import type { Json } from '../core/json';
import { computeModified, type BreakdownRow, type Modifier } from '../modifier/modifier';
import { d20For, type RollModeSource } from '../modifier/roll-mode';
import { testPredicate } from '../modifier/predicate';
import type { Resolution } from '../resolve/context';
import { runStage } from '../ruleset/hooks';
import type { TestPayload } from '../ruleset/stages';
import type { RollBreakdown } from '../core/events';
import { activeEffects } from './conditions';
import type { EncounterState } from '../core/state';
import type { LoadedRuleset } from '../ruleset/ruleset';

export interface TestRequest {
  kind: string;
  actor: string | null;
  target?: string | null;
  /** the selector conditions' effects are matched against: 'attack', 'save:dex', 'check:str' */
  selectors: string[];
  options?: Iterable<string>;
  base: { label: string; value: number };
  modifiers?: Modifier[];
  rollModeSources?: RollModeSource[];
  against: { label: string; value: number } | null;
  /** the rows explaining `against` when it is a statistic (`againstStatistic`) */
  againstRows?: BreakdownRow[];
  ruleId?: string;
  data?: Record<string, Json>;
  secret?: boolean;
  /** turns the raw success or failure into the kind's own outcome ('hit', 'crit', ...) before hooks see it */
  judge?: (p: TestPayload) => void;
}

const matches = (selector: string, wanted: readonly string[]) => wanted.includes(selector);

/** Roll modes and modifiers the actor's and target's conditions impose on this test. */
function fromConditions(ctx: Resolution, p: TestPayload, selectors: readonly string[]): void {
  const actor = p.actor ? ctx.state.creatures[p.actor] : undefined;
  if (actor) {
    p.modifiers.push(...conditionModifiers(ctx.ruleset, ctx.state, p.actor, selectors));
    for (const a of activeEffects(ctx.ruleset, actor)) {
      const e = a.effect;
      if (e.kind === 'autoFail' && matches(e.selector, selectors) && testPredicate(e.predicate, p.options) && !p.autoFail) {
        p.autoFail = { reason: a.conditionId, ...(e.ruleId ? { ruleId: e.ruleId } : {}) };
      }
    }
  }
  p.rollModeSources.push(...conditionRollModes(ctx.ruleset, ctx.state, p.actor, p.target, selectors));
}

/** The modifiers the actor's conditions give a test with these selectors, as `d20Test` gathers them. */
export function conditionModifiers(ruleset: LoadedRuleset, state: EncounterState, actorId: string | null, selectors: readonly string[]): Modifier[] {
  const actor = actorId ? state.creatures[actorId] : undefined;
  const out: Modifier[] = [];
  if (!actor) return out;
  for (const a of activeEffects(ruleset, actor)) {
    const e = a.effect;
    if (e.kind === 'modifier' && matches(e.selector, selectors)) {
      const value = e.perLevel ? e.value * (a.instance.level ?? 1) : e.value;
      const type = e.type ?? 'untyped';
      // Two instances of one condition giving the same modifier are one effect (a policy may count it once).
      out.push({ id: `${a.conditionId}`, label: a.conditionId, value, type, source: a.instance.instanceId, ...(e.predicate ? { predicate: e.predicate } : {}), ...(e.ruleId ? { ruleId: e.ruleId } : {}), sameEffect: `${a.conditionId}:${value}:${type}` });
    }
  }
  return out;
}

/**
 * The roll modes the actor's and the target's conditions give a test with these selectors: the ones
 * `d20Test` gathers, in its order, so a screen foreseeing the roll (exact odds) asks the same question.
 */
export function conditionRollModes(ruleset: LoadedRuleset, state: EncounterState, actorId: string | null, targetId: string | null, selectors: readonly string[]): RollModeSource[] {
  const out: RollModeSource[] = [];
  const actor = actorId ? state.creatures[actorId] : undefined;
  const target = targetId ? state.creatures[targetId] : undefined;
  if (actor) {
    for (const a of activeEffects(ruleset, actor)) {
      const e = a.effect;
      if (e.kind === 'rollMode' && e.subject === 'self' && matches(e.selector, selectors)) {
        out.push({ mode: e.mode, source: a.instance.instanceId, label: a.conditionId, ...(e.predicate ? { predicate: e.predicate } : {}), ...(e.ruleId ? { ruleId: e.ruleId } : {}) });
      }
    }
  }
  if (target) {
    for (const a of activeEffects(ruleset, target)) {
      const e = a.effect;
      if (e.kind === 'rollMode' && e.subject === 'against' && matches(e.selector, selectors)) {
        out.push({ mode: e.mode, source: a.instance.instanceId, label: `target ${a.conditionId}`, ...(e.predicate ? { predicate: e.predicate } : {}), ...(e.ruleId ? { ruleId: e.ruleId } : {}) });
      }
    }
  }
  return out;
}

/**
 * A d20 test: gather modifiers and roll-mode sources (conditions, then hooks), roll, let hooks judge
 * the outcome, and record it with a full breakdown.
 */
export function d20Test(ctx: Resolution, req: TestRequest): TestPayload {
  const p: TestPayload = {
    kind: req.kind,
    actor: req.actor,
    target: req.target ?? null,
    options: new Set(req.options ?? []),
    base: req.base,
    modifiers: [...(req.modifiers ?? [])],
    rollModeSources: [...(req.rollModeSources ?? [])],
    extraDice: [],
    against: req.against,
    againstRows: req.againstRows ? [...req.againstRows] : null,
    autoFail: null,
    natural: null,
    total: null,
    outcome: null,
    data: req.data ?? {},
    ...(req.ruleId ? { ruleId: req.ruleId } : {}),
  };
  for (const s of req.selectors) p.options.add(`${req.kind}:${s}`);
  fromConditions(ctx, p, req.selectors);
  runStage(ctx, 'test.modifiers', p);
  // Gathering is over: the step that makes the roll pays for what it uses before rolling.
  runStage(ctx, 'test.commit', p);

  const mod = computeModified(p.base.value, p.modifiers, ctx.ruleset.stacking, p.options);
  const rollMode = ctx.ruleset.rollMode(p.rollModeSources, p.options);
  const baseRow = { id: 'base', label: p.base.label, value: p.base.value, type: 'base', source: p.actor ?? 'rules', applied: true };
  let dice = d20For(rollMode.mode);
  if (p.autoFail) {
    p.outcome = 'failure';
    p.total = null;
  } else {
    const extra = p.extraDice.map((x) => `${x.dice} ${x.label}`).join(' + ');
    dice = extra ? `${dice} + ${extra}` : dice;
    const record = ctx.roll(dice, { roller: p.actor, purpose: p.kind, ...(req.secret ? { secret: true } : {}) });
    p.natural = record.natural ?? null;
    p.total = record.total + mod.total + rollMode.bonus;
    for (const o of [`roll:natural:${p.natural}`]) p.options.add(o);
    if (p.against) p.outcome = p.total >= p.against.value ? 'success' : 'failure';
    req.judge?.(p);
    runStage(ctx, 'test.outcome', p);
    if (p.outcome === null) p.outcome = 'done';
  }
  if (p.autoFail) runStage(ctx, 'test.outcome', p);
  const breakdown: RollBreakdown = {
    rows: [baseRow, ...mod.rows],
    rollMode,
    dice,
    natural: p.natural,
    total: p.total ?? 0,
  };
  ctx.emit(
    {
      type: 'TestResolved',
      kind: p.kind,
      actor: p.actor,
      target: p.target,
      against: p.against,
      ...(p.againstRows ? { againstRows: p.againstRows } : {}),
      outcome: p.outcome ?? 'done',
      breakdown,
      ...(p.autoFail ? { ruleId: p.autoFail.ruleId ?? p.ruleId ?? 'auto-fail', autoFail: p.autoFail.reason } : p.ruleId ? { ruleId: p.ruleId } : {}),
    },
    req.secret ? 'gm' : undefined,
  );
  return p;
}
