import type { Json } from '@fray/engine';

/**
 * The engine's action menu as the server sends it (packages/engine/src/view/actions.ts, `actionMenu`):
 * what a creature may do now, why not when it may not, its targets with the exact odds, its options'
 * schema, and a command template to fill in.
 */
export interface ActionMenu {
  creatureId: string;
  resources: { id: string; label: string; left: number; max?: number }[];
  actions: MenuAction[];
  movement?: MovementMenu;
}

/** Where the creature may move now (engine `MovementMenu`): each place with its cost and command; in zones, also where not and why. */
export interface MovementMenu {
  mode: 'grid' | 'zones';
  reachable: ReachablePlace[];
  refused?: { to: Json; reason: string; ruleId?: string }[];
  /** what `cost` counts when not feet, singular */
  costUnit?: string;
}

export interface ReachablePlace {
  to: Json;
  cost: number;
  provokes: string[];
  /** the command that goes there (default: a `move` to `to`) */
  command?: { type: string; [k: string]: Json | undefined };
}

export interface MenuTarget {
  creatureId: string;
  valid: boolean;
  reason?: string;
  ruleId?: string;
  odds?: { hit: number; crit: number; expectedDamage: number };
}

export interface MenuAction {
  id: string;
  label: string;
  kind: 'attack' | 'spell' | 'move' | 'other';
  cost: { resource: string; amount: number }[];
  available: boolean;
  reason?: string;
  ruleId?: string;
  targets?: MenuTarget[];
  /** how many targets it takes at most (default 1 when `targets` is present) */
  maxTargets?: number;
  options?: JsonSchema;
  command: { type: string; [k: string]: Json | undefined };
}

export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: Json[];
  /** labels for `enum`, in the same order */
  enumLabels?: string[];
  const?: Json;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  default?: Json;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
}

export function readMenus(raw: Record<string, unknown> | undefined): Record<string, ActionMenu> {
  const out: Record<string, ActionMenu> = {};
  for (const [id, m] of Object.entries(raw ?? {})) {
    if (m && typeof m === 'object' && Array.isArray((m as ActionMenu).actions)) out[id] = m as ActionMenu;
  }
  return out;
}

/** A field's allowed values with labels, when the schema lists them. */
export function choicesOf(s: JsonSchema): { value: Json; label: string }[] | null {
  if (s.enum) return s.enum.map((v, i) => ({ value: v, label: s.enumLabels?.[i] ?? String(v) }));
  const alts = s.oneOf ?? s.anyOf;
  if (alts && alts.every((a) => a.const !== undefined)) return alts.map((a) => ({ value: a.const!, label: a.title ?? String(a.const) }));
  return null;
}

/** The fields a person fills in for an action, with their defaults. */
export function optionFields(s: JsonSchema | undefined): { key: string; schema: JsonSchema; required: boolean }[] {
  if (!s?.properties) return [];
  return Object.entries(s.properties).map(([key, schema]) => ({ key, schema, required: s.required?.includes(key) ?? false }));
}

export function defaultOptions(s: JsonSchema | undefined, template: Json | undefined): Record<string, Json> {
  const out: Record<string, Json> = { ...((template && typeof template === 'object' && !Array.isArray(template) ? template : {}) as Record<string, Json>) };
  for (const f of optionFields(s)) {
    if (out[f.key] !== undefined) continue;
    if (f.schema.default !== undefined) out[f.key] = f.schema.default;
    else if (f.required) {
      const c = choicesOf(f.schema);
      if (c?.[0]) out[f.key] = c[0].value;
    }
  }
  return out;
}

/** How many targets an action takes: none, or one up to its most. */
export function targetCount(a: MenuAction): { min: number; max: number } {
  if (!a.targets || a.targets.length === 0) return { min: 0, max: 0 };
  return { min: 1, max: Math.max(1, a.maxTargets ?? 1) };
}

/** Ending the turn has its own button on every screen; the menu's copy of it is not listed twice. */
export function listedActions(menu: ActionMenu): MenuAction[] {
  return menu.actions.filter((a) => a.command.type !== 'endTurn');
}
