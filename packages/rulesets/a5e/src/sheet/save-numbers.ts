import {
  InPlaceMode, Pause, Resolution, RuleViolation, cloneJson, type EncounterState, type ExplainedStatistic, type FrayEventBody, type LoadedRuleset,
} from '@fray/engine';
import { a5eTest } from '../core/d20';
import { saveBonus, sheetById } from './derived';
import { abilityIds, type AbilityId } from './stat-block';

/**
 * Each saving throw as the creature would make it now, as an explained statistic (the ruleset's
 * `statistics` `save.*`, and the `save.*` numbers): the save's own code is run on a copy of the state, so every condition and hook
 * that touches a save counts — enervated −2 (A5E-COND-12) and slowed −2 on Dexterity (A5E-COND-27)
 * in the number; fatigue 4 (A5E-FATIGUE-4), strife 4 (A5E-STRIFE-4) and restrained (A5E-COND-26)
 * as disadvantage; paralyzed, stunned, unconscious and petrified as automatic failures (A5E-COND-20).
 * Nothing rolls for real: the copy's dice are fixed and its events are dropped. Cover and what depends
 * on a source (a spell's own rider) need the source, so they are left to the save itself. Every row the
 * save would show is kept, applied or not (ADR 0006).
 */
export function a5eSaveStatistics(ruleset: LoadedRuleset, state: EncounterState, id: string): Record<string, ExplainedStatistic> {
  const out: Record<string, ExplainedStatistic> = {};
  for (const a of abilityIds) out[`save.${a}`] = saveNow(ruleset, state, id, a);
  return out;
}

function saveNow(ruleset: LoadedRuleset, state: EncounterState, id: string, ability: AbilityId): ExplainedStatistic {
  const label = `${ability.toUpperCase()} save`;
  const plain = (): ExplainedStatistic => {
    const value = saveBonus(sheetById(state, id), ability);
    return { label, total: value, rows: [{ id: 'base', label, value, type: 'base', source: id, applied: true }] };
  };
  let seen: Extract<FrayEventBody, { type: 'TestResolved' }> | null = null;
  const copy = cloneJson(state);
  // A hook's question (rare on a save) takes its default; a hook that insists on a person leaves the plain number.
  const rt = { ruleset, dice: { kind: 'scripted' as const, next: () => 10 }, policy: (p: { default: unknown }) => (p.default ?? undefined) as never };
  const ctx = new Resolution(rt, { id: 'derived-save', issuedBy: { role: 'gm' }, command: { type: 'a5e.derivedSave' } }, new InPlaceMode(copy, (e) => {
    if (e.type === 'TestResolved' && e.actor === id && seen === null) seen = e;
  }));
  try {
    a5eTest(ctx, { kind: 'save', actor: id, ability, dc: { label: 'DC', value: 10 } });
  } catch (err) {
    if (err instanceof Pause || err instanceof RuleViolation) return plain();
    throw err;
  }
  const t = seen as Extract<FrayEventBody, { type: 'TestResolved' }> | null;
  if (!t) return plain();
  const total = t.breakdown.rows.reduce((n, r) => n + (r.applied ? r.value : 0), 0) + t.breakdown.rollMode.bonus;
  const out: ExplainedStatistic = { label, total, rows: t.breakdown.rows };
  const mode = t.breakdown.rollMode;
  if (mode.verdict === 'advantage' || mode.verdict === 'disadvantage' || mode.verdict === 'cancelled') {
    out.rollMode = {
      mode: mode.verdict,
      sources: mode.sources.filter((s) => s.applied).map((s) => ({ mode: s.mode, label: s.label, ...(s.ruleId ? { ruleId: s.ruleId } : {}) })),
    };
  }
  if (t.autoFail) out.autoFail = { reason: t.autoFail, ...(t.ruleId ? { ruleId: t.ruleId } : {}) };
  return out;
}
