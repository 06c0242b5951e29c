import type { EncounterStateCore, Json, Resolution } from '@fray/engine';
import { activeEntries, readWorldConfig, WORLD_VARS, type ActiveEntry } from './config';
import { taggedSquares } from './area';
import { applyOutcome, worldSave } from './apply';
import { directions, push, teleportRandomly } from './displace';
import { spawnFromWorld, worldTargets } from './spawn';
import { feedSenses } from './senses-feed';
import type { WorldEffect } from './types';

const NONE = 'none';

function recharging(ctx: Resolution): Record<string, number> {
  return { ...((ctx.state.vars[WORLD_VARS.recharging] as Record<string, number> | undefined) ?? {}) };
}

function struck(ctx: Resolution): string[] {
  return [...((ctx.state.vars[WORLD_VARS.struck] as string[] | undefined) ?? [])];
}

/** One recharge roll for a spent world action: d6 ≥ X regains it (A5E-WORLD-4). */
function rollRecharge(ctx: Resolution, a: ActiveEntry, when: string): void {
  const min = a.entry.recharge!;
  const face = ctx.roll('1d6', { roller: null, purpose: `to recharge ${a.name}` }).total;
  const map = recharging(ctx);
  if (face >= min) {
    delete map[a.entry.id];
    ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.recharging, value: map });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-WORLD-4', text: `${a.name} recharges (${when}: rolled ${face}, needed ${min}–6)` });
  } else {
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-WORLD-4', text: `${a.name} does not recharge (${when}: rolled ${face}, needed ${min}–6)` });
  }
}

/** Start-of-round step (b) (A5E-ROUND-2): each spent world action rolls to come back. */
export function rechargeStep(ctx: Resolution): void {
  const spent = recharging(ctx);
  for (const a of activeEntries(ctx.state)) if (spent[a.entry.id] !== undefined && a.entry.recharge) rollRecharge(ctx, a, `round ${ctx.state.round}`);
}

/** The creatures an action could affect now; `only` narrows it to one participant (rolling movement). */
function targetsFor(ctx: Resolution, a: ActiveEntry, effect: WorldEffect, only: string | null): string[] {
  let pool = worldTargets(ctx, a.entry.id);
  if (effect.kind === 'saveAction' && effect.oncePerTarget) {
    const done = struck(ctx);
    pool = pool.filter((id) => !done.includes(id));
  }
  return only ? pool.filter((id) => id === only) : pool;
}

/** Whether an action can be taken now: charged, and with someone to act on. */
function usable(ctx: Resolution, a: ActiveEntry, only: string | null): boolean {
  if (recharging(ctx)[a.entry.id] !== undefined) return false;
  const effect = a.entry.effects[0]!;
  if (effect.kind === 'silence') return true;
  return targetsFor(ctx, a, effect, only).length > 0;
}

function chooseOne(ctx: Resolution, a: ActiveEntry, pool: readonly string[]): string {
  const options = pool.map((id) => ({ id, label: ctx.state.creatures[id]!.name }));
  const answer = ctx.ask({ key: 'world.target', to: { role: 'gm' }, about: null, text: `${a.name}: which creature?`, options, ruleId: 'A5E-WORLD-2' });
  return typeof answer === 'string' && pool.includes(answer) ? answer : pool[0]!;
}

/** "Near the cliff face": the mapped danger zone, or the Narrator's call for each creature (A5E-WORLD-2). */
function chooseNear(ctx: Resolution, a: ActiveEntry, pool: readonly string[]): string[] {
  if (taggedSquares(ctx.state, a.entry.id).length) return [...pool];
  const answers = ctx.askAll(pool.map((id) => ({
    key: 'world.near', to: { role: 'gm' as const }, about: id, text: `${a.name}: is ${ctx.state.creatures[id]!.name} within reach of it?`,
    options: [{ id: 'near', label: 'yes, within reach' }, { id: 'clear', label: 'no, out of reach' }], ruleId: 'A5E-WORLD-2',
  })));
  return pool.filter((_, i) => answers[i] !== 'clear');
}

/** The way the wind pushes unless the Narrator says otherwise: the encounter's `windDirection`, else east (the prompt's first option). */
export function defaultPushDirection(state: EncounterStateCore): string {
  const wind = state.options['windDirection'];
  return typeof wind === 'string' && directions[wind] ? wind : 'e';
}

function runSaveAction(ctx: Resolution, a: ActiveEntry, effect: Extract<WorldEffect, { kind: 'saveAction' }>, pool: string[]): void {
  const targets = effect.targets === 'one' ? [chooseOne(ctx, a, pool)] : effect.targets === 'near' ? chooseNear(ctx, a, pool) : pool;
  if (effect.oncePerTarget) ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.struck, value: [...struck(ctx), ...targets] });
  const failed = targets.filter((id) => !worldSave(ctx, id, a, effect.save));
  if (effect.onFail.kind === 'push') {
    for (const id of failed) {
      const fallback = defaultPushDirection(ctx.state);
      const dir = ctx.ask({
        key: 'world.direction', to: { role: 'gm' }, about: id, text: `${a.name}: which way does the wind push ${ctx.state.creatures[id]!.name}?`,
        options: [fallback, ...Object.keys(directions).filter((d) => d !== fallback)].map((d) => ({ id: d, label: d.toUpperCase() })), ruleId: a.entry.ruleId,
      });
      push(ctx, id, typeof dir === 'string' ? dir : fallback, effect.onFail.feet, a.entry.ruleId);
    }
    return;
  }
  applyOutcome(ctx, a, effect.onFail, failed);
}

/** Runs one world action with all its effects. */
export function runWorldAction(ctx: Resolution, a: ActiveEntry, only: string | null = null): void {
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-WORLD-2', text: `world action: ${a.name} — ${a.entry.summary}` });
  for (const effect of a.entry.effects) {
    const pool = targetsFor(ctx, a, effect, only);
    switch (effect.kind) {
      case 'saveAction':
        if (pool.length) runSaveAction(ctx, a, effect, pool);
        break;
      case 'silence':
        ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.silence, value: { entry: a.entry.id, name: a.name, feet: effect.feet, round: ctx.state.round } });
        ctx.emit({ type: 'RuleApplied', ruleId: a.entry.ruleId, text: `${a.name}: until the next world action phase no creature hears anything farther than ${effect.feet} ft, loud explosive noises excepted` });
        feedSenses(ctx);
        break;
      case 'spawn':
        spawnFromWorld(ctx, a, effect, pool);
        break;
      case 'teleport':
        for (const id of pool) teleportRandomly(ctx, id, effect.feet, a.entry.ruleId, `${a.name}: where ${ctx.state.creatures[id]!.name} lands`);
        break;
      default:
        break;
    }
  }
  if (a.entry.recharge) {
    ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.recharging, value: { ...recharging(ctx), [a.entry.id]: a.entry.recharge } });
    rollRecharge(ctx, a, 'right after use');
  }
}

/** A world action's hearing limit lasts until the environment's next turn begins (A5E-WORLD-19). */
function endSilence(ctx: Resolution): void {
  const s = ctx.state.vars[WORLD_VARS.silence] as { name?: string; round?: number } | undefined;
  if (!s || (s.round ?? 0) >= ctx.state.round) return;
  ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.silence, value: null });
  feedSenses(ctx);
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-WORLD-19', text: `${s.name ?? 'the world action'}'s silence ends as the environment's next turn begins` });
}

/**
 * Start-of-round step (c) (A5E-WORLD-2, A5E-WORLD-3): the Narrator picks which available world action
 * the environment takes, up to `worldActionsPerRound` (default 1), or none. With `only` it is one
 * participant's own world-action phase under rolling movement (A5E-SCEN-11).
 */
export function worldActionStep(ctx: Resolution, only: string | null = null): void {
  if (!only) endSilence(ctx);
  const limit = readWorldConfig(ctx.state).actionsPerRound;
  const used: string[] = [];
  for (let i = 0; i < limit; i++) {
    const available = activeEntries(ctx.state).filter((a) => a.entry.kind === 'action' && !used.includes(a.entry.id) && usable(ctx, a, only));
    if (!available.length) return;
    const options = [
      ...available.map((a) => ({ id: a.entry.id, label: `${a.name}${a.entry.recharge ? ` (Recharge ${a.entry.recharge === 6 ? '6' : `${a.entry.recharge}–6`})` : ''}: ${a.entry.summary}` })),
      { id: NONE, label: 'no world action' },
    ];
    const text = only ? `${ctx.state.creatures[only]!.name}'s world action phase: which world action?` : `Round ${ctx.state.round}: which world action does the environment take?`;
    const answer: Json = ctx.ask({ key: 'world.action', to: { role: 'gm' }, about: only, text, options, ruleId: 'A5E-WORLD-3' });
    const chosen = available.find((a) => a.entry.id === answer);
    if (!chosen) return;
    used.push(chosen.entry.id);
    runWorldAction(ctx, chosen, only);
  }
}
