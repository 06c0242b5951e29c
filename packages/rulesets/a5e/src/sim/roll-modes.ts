import type { LoadedRuleset, RollModeExplanation, RollModeSource } from '@fray/engine';

/** A condition a creature holds in a compiled fight, as its instance shows in roll-mode sources. */
export interface HeldCondition {
  conditionId: string;
  instanceId: string;
  level?: number;
}

/**
 * The roll-mode sources a d20 test gathers from the conditions of its actor (their `self` effects) and
 * target (their `against` effects) whose selector the test names, in the engine's order (`d20Test`:
 * actor first, each condition's effects then its levels' effects up to its level).
 */
function sourcesFrom(ruleset: LoadedRuleset, held: readonly HeldCondition[], subject: 'self' | 'against', selectors: readonly string[]): RollModeSource[] {
  const out: RollModeSource[] = [];
  for (const inst of held) {
    const def = ruleset.conditionById[inst.conditionId];
    if (!def) continue;
    const effects = [...def.effects];
    if (def.levels && inst.level) for (let lv = 1; lv <= inst.level; lv++) effects.push(...(def.levels.effects[lv] ?? []));
    for (const e of effects) {
      if (e.kind !== 'rollMode' || e.subject !== subject || !selectors.includes(e.selector)) continue;
      out.push({
        mode: e.mode, source: inst.instanceId, label: subject === 'self' ? def.id : `target ${def.id}`,
        ...(e.predicate ? { predicate: e.predicate } : {}), ...(e.ruleId ? { ruleId: e.ruleId } : {}),
      });
    }
  }
  return out;
}

/**
 * How the rules explain a test's roll mode when the actor and target hold these conditions: the
 * ruleset's own roll-mode policy over the sources, with the test's options (the request's, then one
 * per selector as `d20Test` adds them). Made once at compile time and shared by every roll it fits.
 */
export function explainRollMode(
  ruleset: LoadedRuleset, kind: string, actor: readonly HeldCondition[], target: readonly HeldCondition[], selectors: readonly string[], options: readonly string[],
  /** sources the situation adds before the conditions' (on a map: range, a hostile within reach, squeezing; `attackSituationOf`) */
  situation: readonly RollModeSource[] = [],
): RollModeExplanation {
  const sources = [...situation, ...sourcesFrom(ruleset, actor, 'self', selectors), ...sourcesFrom(ruleset, target, 'against', selectors)];
  return ruleset.rollMode(sources, new Set([...options, ...selectors.map((s) => `${kind}:${s}`)]));
}
