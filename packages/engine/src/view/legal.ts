import type { Command } from '../command/command';
import type { Json } from '../core/json';
import { currentCreatureId, type EncounterState, type Principal } from '../core/state';
import type { PromptSpec } from '../resolve/prompt';
import type { LoadedRuleset } from '../ruleset/ruleset';

/** Sample answers for a prompt: every option, or a few valid entries for dice and numbers. */
export function sampleAnswers(p: PromptSpec): Json[] {
  switch (p.input.kind) {
    case 'choice':
      return p.options.map((o) => o.id);
    case 'number':
      return [p.input.min, p.input.max];
    case 'dice': {
      const dice = p.input.dice.flatMap((d) => Array.from({ length: d.count }, () => d.sides));
      return [dice.map(() => 1), dice.map((s) => s)];
    }
  }
}

/**
 * Every command a principal could legally issue now, as far as the rules can enumerate them (free
 * choices such as a GM override are left out). Policies and property tests both draw from this.
 */
export function legalCommands(state: EncounterState, who: Principal, ruleset: LoadedRuleset): Command[] {
  if (state.phase === 'ended') return [];
  if (state.pending) {
    const out: Command[] = [];
    for (const p of state.pending.open) {
      if (who.role === 'player' && !(p.to.role === 'player' && p.to.seat === who.seat)) continue;
      for (const answer of sampleAnswers(p)) out.push({ type: 'answerPrompt', promptId: p.id, answer });
    }
    return out;
  }
  if (state.phase === 'setup') return who.role === 'gm' ? [{ type: 'startCombat' }] : [];
  const out: Command[] = [...(ruleset.legalCommands?.(state, who) ?? [])];
  const current = currentCreatureId(state);
  if (current && (who.role === 'gm' || state.creatures[current]?.controller === who.seat)) out.push({ type: 'endTurn' });
  return out;
}
