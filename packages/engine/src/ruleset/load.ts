import { ContentError } from '../core/errors';
import { engineCommandSchemas } from '../command/command';
import { predicateNamespaces } from '../modifier/predicate';
import type { Hook, LoadedRuleset, Ruleset } from './ruleset';
import { stageIds, type StageId } from './stages';

/**
 * Checks a ruleset before any encounter uses it: unique hook ids on known stages, conditions whose
 * links resolve, commands that do not shadow the engine's, predicates on declared namespaces. Errors
 * name the place and the rule.
 */
export function loadRuleset(r: Ruleset): LoadedRuleset {
  const file = `ruleset:${r.id}`;
  const hookIds = new Set<string>();
  const hooksByStage: LoadedRuleset['hooksByStage'] = {};
  r.hooks.forEach((h, i) => {
    if (!stageIds.includes(h.stage)) throw new ContentError(file, ['hooks', i, 'stage'], `unknown stage '${h.stage}'; stages: ${stageIds.join(', ')}`, h.ruleId);
    if (hookIds.has(h.id)) throw new ContentError(file, ['hooks', i, 'id'], `duplicate hook id '${h.id}'`, h.ruleId);
    hookIds.add(h.id);
    (hooksByStage[h.stage] ??= [] as never[]).push(h as never);
  });
  for (const stage of Object.keys(hooksByStage) as StageId[]) {
    const list = hooksByStage[stage] as Hook[];
    const registered = new Map(list.map((h, i) => [h, i]));
    list.sort((a, b) => a.priority - b.priority || registered.get(a)! - registered.get(b)!);
  }
  // Null-prototype: looked up by ids that come from commands, so `constructor` must find nothing.
  const conditionById: LoadedRuleset['conditionById'] = Object.create(null) as LoadedRuleset['conditionById'];
  r.conditions.forEach((c, i) => {
    if (conditionById[c.id]) throw new ContentError(file, ['conditions', i, 'id'], `duplicate condition '${c.id}'`, c.ruleId);
    conditionById[c.id] = c;
  });
  const namespaces = r.predicateNamespaces;
  r.conditions.forEach((c, i) => {
    (c.implies ?? []).forEach((x, j) => {
      if (!conditionById[x]) throw new ContentError(file, ['conditions', i, 'implies', j], `'${c.id}' implies unknown condition '${x}'`, c.ruleId);
    });
    const effects = [...c.effects, ...Object.values(c.levels?.effects ?? {}).flat()];
    effects.forEach((e, j) => {
      if (e.kind === 'conditionImmunity') {
        for (const x of e.conditions) if (!conditionById[x]) throw new ContentError(file, ['conditions', i, 'effects', j], `immunity to unknown condition '${x}'`, e.ruleId ?? c.ruleId);
      }
      if (e.kind === 'damageAdjust' && e.types !== 'all') {
        for (const t of e.types) if (!r.damageTypes.includes(t)) throw new ContentError(file, ['conditions', i, 'effects', j], `unknown damage type '${t}'`, e.ruleId ?? c.ruleId);
      }
      if (namespaces && 'predicate' in e && e.predicate !== undefined) {
        for (const ns of predicateNamespaces(e.predicate)) {
          if (!namespaces.includes(ns)) throw new ContentError(file, ['conditions', i, 'effects', j, 'predicate'], `unknown predicate namespace '${ns}'`, e.ruleId ?? c.ruleId);
        }
      }
    });
  });
  const commandByType: LoadedRuleset['commandByType'] = Object.create(null) as LoadedRuleset['commandByType'];
  (r.commands ?? []).forEach((c, i) => {
    if (Object.hasOwn(engineCommandSchemas, c.type)) throw new ContentError(file, ['commands', i, 'type'], `'${c.type}' is an engine command; name ruleset commands '<ruleset>.<verb>'`);
    if (commandByType[c.type]) throw new ContentError(file, ['commands', i, 'type'], `duplicate command '${c.type}'`);
    commandByType[c.type] = c;
  });
  return { ...r, hooksByStage, conditionById, commandByType };
}
