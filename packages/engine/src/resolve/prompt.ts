import type { Json } from '../core/json';
import type { Principal } from '../core/state';

/** A closed choice. */
export interface PromptOption {
  id: string;
  label: string;
}

/** What an answer must look like when it is not one of a closed list of options. */
export type PromptInput =
  | { kind: 'choice' }
  | { kind: 'dice'; dice: { sides: number; count: number }[] }
  | { kind: 'number'; min: number; max: number };

/**
 * A question addressed to a seat or the GM in the middle of a rule. `key` names the kind of question
 * (stable across encounters) so pre-answers and policies can recognise it.
 */
export interface PromptSpec {
  id: string;
  key: string;
  to: Principal;
  /** the creature the question is about, if any */
  about: string | null;
  text: string;
  input: PromptInput;
  options: PromptOption[];
  default: Json;
  ruleId?: string;
  /** the answer stays hidden from everyone but the addressee and the GM until the whole group is answered */
  secret?: boolean;
  /** extra facts for the addressee (the roll that prompted it, the damage at stake) */
  context?: Json;
}

/** What rules code asks for; the engine fills in id and addressee. */
export type PromptRequest = Omit<PromptSpec, 'id' | 'to' | 'default' | 'input'> & {
  to: Principal | { controllerOf: string };
  default?: Json;
  input?: PromptInput;
};

/** An answer as a message quotes it: short, whatever its type. */
function shown(v: Json | undefined): string {
  const text = v === undefined ? 'nothing' : JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Checks an answer against the prompt; returns a reason when it does not fit. */
export function answerProblem(p: PromptSpec, answer: Json): string | null {
  switch (p.input.kind) {
    case 'choice':
      return typeof answer === 'string' && p.options.some((o) => o.id === answer)
        ? null
        : `answer must be one of ${p.options.map((o) => `'${o.id}'`).join(', ')}`;
    case 'number':
      return typeof answer === 'number' && Number.isInteger(answer) && answer >= p.input.min && answer <= p.input.max
        ? null
        : `answer must be a whole number from ${p.input.min} to ${p.input.max}`;
    case 'dice': {
      const want = p.input.dice.flatMap((d) => Array.from({ length: d.count }, () => d.sides));
      const dice = want.map((s) => 'd' + s).join(', ');
      if (!Array.isArray(answer)) return `answer must be a list of ${want.length} die faces (${dice}), not ${shown(answer)}`;
      if (answer.length !== want.length) return `answer must be a list of ${want.length} die faces (${dice}), not ${answer.length}`;
      for (let i = 0; i < want.length; i++) {
        const v = answer[i];
        const sides = want[i]!;
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > sides) {
          return `${want.length > 1 ? `die ${i + 1} of ${want.length}: ` : ''}d${sides} face ${shown(v)} is impossible (1-${sides})`;
        }
      }
      return null;
    }
  }
}

/** What a log says of an answer without the prompt at hand: the question, and the chosen option's label. */
export function answerWords(p: PromptSpec, answer: Json): { text: string; label?: string } {
  const option = p.input.kind === 'choice' && typeof answer === 'string' ? p.options.find((o) => o.id === answer) : undefined;
  return option ? { text: p.text, label: option.label } : { text: p.text };
}
