import type { EncounterState, Json, JsonSchema, LoadedRuleset, PromptOption } from '@fray/engine';
import type { Attack } from '../sheet/stat-block';

/**
 * Something an attacker may declare about one attack before its roll, such as a duel's targeted attack
 * (DUEL-TARGET-1). Another module registers it, so the attack code here knows no module's names. A
 * declaration travels as a command option (`options.target`), as a test option on the roll
 * (`declare:target=neck`) and, in a prompt that offers an attack, as a suffix of the answer
 * (`attack:longsword;target=neck`), so every way an attack is made can carry it.
 */
export interface DeclarationChoice {
  value: string;
  /** words for a prompt option or a menu, e.g. 'aimed at the neck (targeted attack)' */
  label: string;
}

export interface AttackDeclaration {
  id: string;
  /** the command option that carries it */
  option: string;
  /** what it may be now for this attack on this target; [] when it does not apply */
  choices(ruleset: LoadedRuleset, state: EncounterState, attacker: string, target: string, attack: Attack): DeclarationChoice[];
  /** the menu's schema for the option when the attacker could declare it now, else null */
  schema(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attack: Attack): JsonSchema | null;
  /** why declaring `value` on this attack would be refused when it is rolled, foreseen now (for the attack's refusal query), or null */
  refusal?(ruleset: LoadedRuleset, state: EncounterState, attacker: string, target: string, attack: Attack, value: string): { code: string; message: string; ruleId: string } | null;
}

const declarations: AttackDeclaration[] = [];

/** Adds (or, by id, replaces) a declaration. */
export function registerAttackDeclaration(d: AttackDeclaration): void {
  const at = declarations.findIndex((x) => x.id === d.id);
  if (at >= 0) declarations[at] = d;
  else declarations.push(d);
}

const PREFIX = 'declare:';
const SEP = ';';

/** What a declaration's value is on the roll: the text itself, anything else as JSON. */
const valueText = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** Why the declarations a command's options carry would be refused at the roll (a duel's targeted attack, DUEL-TARGET-1/3/8), foreseen, or null. */
export function declarationRefusal(ruleset: LoadedRuleset, state: EncounterState, attacker: string, target: string, attack: Attack, options: Record<string, Json>): { code: string; message: string; ruleId: string } | null {
  for (const d of declarations) {
    const v = options[d.option];
    const r = v === undefined ? null : d.refusal?.(ruleset, state, attacker, target, attack, valueText(v)) ?? null;
    if (r) return r;
  }
  return null;
}

/** The roll's test options for the declarations a command's options carry: `{ target: 'neck' }` → `declare:target=neck`. */
export function declaredTestOptions(options: Record<string, Json>): string[] {
  return declarations
    .filter((d) => options[d.option] !== undefined)
    .map((d) => `${PREFIX}${d.option}=${valueText(options[d.option]!)}`);
}

/** The value declared for `option` on a roll, if any. */
export function declaredOn(testOptions: ReadonlySet<string>, option: string): string | null {
  const head = `${PREFIX}${option}=`;
  for (const o of testOptions) if (o.startsWith(head)) return o.slice(head.length);
  return null;
}

/** A prompt's option for an attack, followed by one option for each declaration it may carry now. */
export function withDeclarations(base: PromptOption, ruleset: LoadedRuleset, state: EncounterState, attacker: string, target: string, attack: Attack): PromptOption[] {
  const out = [base];
  for (const d of declarations) {
    for (const c of d.choices(ruleset, state, attacker, target, attack)) out.push({ id: `${base.id}${SEP}${d.option}=${c.value}`, label: `${base.label}, ${c.label}` });
  }
  return out;
}

/** An answer split into the plain option and the command options its declarations name. */
export function splitDeclared(answer: string): { base: string; options: Record<string, string> } {
  const [base, ...rest] = answer.split(SEP);
  const options: Record<string, string> = {};
  for (const part of rest) {
    const at = part.indexOf('=');
    if (at > 0) options[part.slice(0, at)] = part.slice(at + 1);
  }
  return { base: base ?? '', options };
}

/** The menu's option schemas for the declarations the attacker could make with this attack now. */
export function declarationSchemas(ruleset: LoadedRuleset, state: EncounterState, attacker: string, attack: Attack): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const d of declarations) {
    const s = d.schema(ruleset, state, attacker, attack);
    if (s) out[d.option] = s;
  }
  return out;
}
