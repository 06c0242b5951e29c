import type { Resolution } from '../resolve/context';
import type { StageId, StagePayloads } from './stages';
import { resolutionForHook } from './gathering-check';

/** Runs every hook registered for a stage, in the ruleset's printed order. */
export function runStage<S extends StageId>(ctx: Resolution, stage: S, payload: StagePayloads[S]): StagePayloads[S] {
  const hooks = ctx.ruleset.hooksByStage[stage];
  // With the tests' check on, a gathering stage's hooks cannot act (gathering-check.ts).
  if (hooks) for (const h of hooks) h.run(resolutionForHook(ctx, stage, h.id), payload);
  return payload;
}

/** The order hooks run in at each stage, for `fray rules --stage` and for reading. */
export function describeHookOrder(hooksByStage: { [S in StageId]?: { id: string; priority: number; ruleId?: string }[] }): string {
  const lines: string[] = [];
  for (const [stage, hooks] of Object.entries(hooksByStage)) {
    lines.push(stage);
    for (const h of hooks ?? []) lines.push(`  ${String(h.priority).padStart(4)}  ${h.id}${h.ruleId ? `  [${h.ruleId}]` : ''}`);
  }
  return lines.join('\n');
}
