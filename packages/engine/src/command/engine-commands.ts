import type { z } from 'zod';
import type { engineCommandSchemas} from './command';
import { type EngineCommandType } from './command';
import type { CommandDef } from '../ruleset/ruleset';
import { currentCreatureId } from '../core/state';
import { startCombat, endTurn, endEncounter } from '../procedure/turns';
import { placeInOrder, rollInitiativeFor } from '../procedure/initiative';
import { addCondition, checkConditionData, removeCondition } from '../procedure/conditions';
import { joinCreature } from '../procedure/join';
import type { CreatureSetup } from '../core/encounter';
import { runStage } from '../ruleset/hooks';
import type { Resolution } from '../resolve/context';
import type { CreatureState } from '../core/state';
import { cloneJson } from '../core/json';
import { removeCreature as removeFromSpace } from '../space/placement';
import { hasCreature } from '../space/space-queries';
import type { SpaceState } from '../space/space-state';

/** The creature a command names; input-keyed, so an own-property lookup (an id like `constructor` is no creature). */
function knownCreature(ctx: Resolution, id: string): CreatureState {
  const c = Object.hasOwn(ctx.state.creatures, id) ? ctx.state.creatures[id] : undefined;
  if (!c) return ctx.reject('unknown-creature', `no creature '${id}'`);
  return c;
}

function isSpaceState(v: unknown): v is SpaceState {
  const kind = (v as { kind?: unknown } | null)?.kind;
  return (kind === 'grid' || kind === 'zones') && typeof (v as { creatures?: unknown }).creatures === 'object';
}

/**
 * Takes a creature out of the fight: its turn ends first if it is its turn, it leaves the map, then
 * the roster and the order.
 */
function removeFromEncounter(ctx: Resolution, id: string, reason: string): void {
  const cr = knownCreature(ctx, id);
  if (ctx.state.phase === 'combat' && currentCreatureId(ctx.state) === id) endTurn(ctx);
  const space = ctx.state.space;
  if (isSpaceState(space) && hasCreature(space, id)) ctx.emit({ type: 'SpaceChanged', space: removeFromSpace(space, id) as never, moved: id });
  ctx.emit({ type: 'CreatureRemoved', creatureId: id, name: cr.name, reason });
}
import { gmPlace, type PlaceCommand } from './place';

type Def<K extends EngineCommandType> = Omit<CommandDef<z.infer<(typeof engineCommandSchemas)[K]>>, 'schema' | 'type'>;

/**
 * The engine's own commands. `answerPrompt` and `undo` are handled by the decider itself because
 * they act on the resolution machinery rather than on the fight.
 */
export const engineCommands: { [K in Exclude<EngineCommandType, 'answerPrompt' | 'undo'>]: Def<K> } = {
  startCombat: { gmOnly: true, run: (ctx) => startCombat(ctx) },
  rollInitiative: {
    gmOnly: true,
    run: (ctx, c) => {
      const ids = c.creatureIds ?? ctx.state.creatureIds;
      for (const id of ids) if (!ctx.state.creatures[id]) ctx.reject('unknown-creature', `no creature '${id}'`);
      rollInitiativeFor(ctx, ids);
    },
  },
  endTurn: {
    actor: (c) => c.creatureId ?? null,
    run: (ctx, c) => {
      const current = currentCreatureId(ctx.state);
      if (c.creatureId && c.creatureId !== current) ctx.reject('not-your-turn', `it is ${current ?? 'nobody'}'s turn, not ${c.creatureId}'s`);
      if (ctx.envelope.issuedBy.role === 'player' && (!current || ctx.state.creatures[current]?.controller !== ctx.envelope.issuedBy.seat)) {
        ctx.reject('forbidden', 'only the GM or the creature\'s controller may end this turn');
      }
      endTurn(ctx);
    },
  },
  delayTurn: {
    actor: (c) => c.creatureId,
    run: (ctx, c) => {
      if (currentCreatureId(ctx.state) !== c.creatureId) ctx.reject('not-your-turn', `${c.creatureId} can only delay on its own turn`);
      const order = ctx.state.order.map((e) => (e.creatureId === c.creatureId ? { ...e, delayed: true } : e));
      ctx.emit({ type: 'InitiativeSet', order, reason: `${c.creatureId} delays` });
      endTurn(ctx);
    },
  },
  actNow: {
    actor: (c) => c.creatureId,
    run: (ctx, c) => {
      const entry = ctx.state.order.find((e) => e.creatureId === c.creatureId);
      if (!entry?.delayed) ctx.reject('not-delayed', `${c.creatureId} is not delaying`);
      const current = currentCreatureId(ctx.state);
      if (!current) return ctx.reject('no-turn', 'a delayed creature acts after the current turn: no turn is in progress');
      placeInOrder(ctx, c.creatureId, { after: current }, `${c.creatureId} stops delaying and acts after ${current}`);
    },
  },
  setInitiative: {
    gmOnly: true,
    run: (ctx, c) => {
      if (!ctx.state.order.some((e) => e.creatureId === c.creatureId)) ctx.reject('not-in-order', `${c.creatureId} has no place in the initiative order`);
      const order = ctx.state.order.map((e) => (e.creatureId === c.creatureId ? { ...e, total: c.total, tiebreak: [], group: null } : e));
      order.sort((a, b) => b.total - a.total);
      ctx.emit({ type: 'InitiativeSet', order, reason: `GM set ${c.creatureId}'s initiative to ${c.total}` });
    },
  },
  moveInOrder: {
    gmOnly: true,
    run: (ctx, c) => placeInOrder(ctx, c.creatureId, c.before ? { before: c.before } : { after: c.after! }, `GM moved ${c.creatureId}`),
  },
  takeAction: {
    actor: (c) => c.actorId,
    run: (ctx, c) => {
      if (!ctx.state.creatures[c.actorId]) ctx.reject('unknown-creature', `no creature '${c.actorId}'`);
      for (const t of c.targets ?? []) if (!ctx.state.creatures[t]) ctx.reject('unknown-creature', `no target '${t}'`);
      if (!ctx.ruleset.runAction) return ctx.reject('no-actions', `ruleset ${ctx.ruleset.id} defines no actions`);
      ctx.ruleset.runAction(ctx, c.actorId, c.action, c.targets ?? [], c.options ?? {});
    },
  },
  move: {
    actor: (c) => c.creatureId,
    run: (ctx, c) => {
      if (!ctx.state.creatures[c.creatureId]) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
      if (!ctx.ruleset.move) return ctx.reject('no-movement', `ruleset ${ctx.ruleset.id} has no movement rules`);
      ctx.ruleset.move(ctx, c.creatureId, c.to);
    },
  },
  'gm.setHp': {
    gmOnly: true,
    allowedWhilePending: true,
    run: (ctx, c) => {
      const cr = ctx.state.creatures[c.creatureId];
      if (!cr) return ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
      const maxHp = c.maxHp ?? cr.maxHp;
      // Below 0 only where the ruleset keeps negative hit points (13th Age PCs).
      const floor = Math.min(0, ctx.ruleset.hpFloor?.(ctx.state, c.creatureId) ?? 0);
      if (c.hp !== undefined && (c.hp < floor || c.hp > maxHp)) ctx.reject('out-of-bounds', `hp must be between ${floor} and ${maxHp}`);
      const before = cr.hp;
      ctx.emit({
        type: 'HitPointsSet',
        target: c.creatureId,
        reason: 'gm override',
        ...(c.hp !== undefined ? { hp: c.hp } : c.maxHp !== undefined && cr.hp > c.maxHp ? { hp: c.maxHp } : {}),
        ...(c.tempHp !== undefined ? { tempHp: c.tempHp } : {}),
        ...(c.maxHp !== undefined ? { maxHp: c.maxHp } : {}),
      });
      // The rules that follow hit points (staggered, bloodied, waking) follow an override too.
      const after = ctx.state.creatures[c.creatureId]!.hp;
      if (after !== before) runStage(ctx, 'hp.changed', { creatureId: c.creatureId, before, after, damage: 0, source: 'gm', data: {} });
    },
  },
  'gm.place': {
    gmOnly: true,
    run: (ctx, c) => gmPlace(ctx, c as PlaceCommand),
  },
  'gm.addCondition': {
    gmOnly: true,
    allowedWhilePending: true,
    run: (ctx, c) => {
      if (c.source !== undefined && c.source !== 'gm' && !Object.hasOwn(ctx.state.creatures, c.source)) ctx.reject('unknown-creature', `no creature '${c.source}' for the condition's source`);
      const data = checkConditionData(ctx, c.conditionId, c.data);
      addCondition(ctx, c.creatureId, c.conditionId, { source: c.source ?? 'gm', ...(c.level ? { level: c.level } : {}), ...(c.duration ? { duration: c.duration } : {}), ...(data !== undefined ? { data } : {}) });
    },
  },
  'gm.removeCondition': {
    gmOnly: true,
    allowedWhilePending: true,
    run: (ctx, c) => {
      if (!ctx.state.creatures[c.creatureId]) ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
      if (!removeCondition(ctx, c.creatureId, c.conditionId, 'gm override')) ctx.reject('no-such-condition', `${c.creatureId} is not ${c.conditionId}`);
    },
  },
  'gm.setTrack': {
    gmOnly: true,
    allowedWhilePending: true,
    run: (ctx, c) => {
      const def = ctx.ruleset.conditionById[c.track];
      if (!ctx.state.creatures[c.creatureId]) ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
      if (def?.levels && c.value > def.levels.max) ctx.reject('out-of-bounds', `${c.track} goes from 0 to ${def.levels.max}`);
      if (def?.levels) {
        const cr = ctx.state.creatures[c.creatureId]!;
        if (c.value === 0) removeCondition(ctx, c.creatureId, c.track, 'gm override');
        else if (cr.conditions.some((x) => x.conditionId === c.track)) {
          const inst = cr.conditions.find((x) => x.conditionId === c.track)!;
          const previousLevel = inst.level ?? 0;
          ctx.emit({ type: 'ConditionUpdated', creatureId: c.creatureId, instanceId: inst.instanceId, level: c.value });
          const after = ctx.state.creatures[c.creatureId]!.conditions.find((x) => x.instanceId === inst.instanceId)!;
          runStage(ctx, 'condition.updated', { creatureId: c.creatureId, condition: after, previousLevel });
        } else addCondition(ctx, c.creatureId, c.track, { level: c.value, source: 'gm' });
        return;
      }
      ctx.emit({ type: 'TrackSet', creatureId: c.creatureId, track: c.track, value: c.value });
    },
  },
  'gm.setStatus': {
    gmOnly: true,
    allowedWhilePending: true,
    run: (ctx, c) => {
      if (!ctx.state.creatures[c.creatureId]) ctx.reject('unknown-creature', `no creature '${c.creatureId}'`);
      ctx.emit({ type: 'StatusSet', creatureId: c.creatureId, status: c.status });
    },
  },
  'gm.setCounter': { gmOnly: true, allowedWhilePending: true, run: (ctx, c) => ctx.emit({ type: 'CounterSet', key: c.key, value: c.value }) },
  'gm.replaceRoll': {
    gmOnly: true,
    allowedWhilePending: true,
    // handled in the decider (it answers a dice prompt on someone's behalf)
    run: (ctx) => ctx.reject('internal', 'gm.replaceRoll is handled by the decider'),
  },
  'gm.endEncounter': { gmOnly: true, allowedWhilePending: true, run: (ctx, c) => endEncounter(ctx, c.reason ?? 'ended by the GM') },
  addCreature: { gmOnly: true, run: (ctx, c) => void joinCreature(ctx, c.creature as CreatureSetup) },
  'gm.removeCreature': { gmOnly: true, run: (ctx, c) => removeFromEncounter(ctx, c.creatureId, c.reason ?? 'removed by the GM') },
  'gm.revealCreature': {
    gmOnly: true,
    allowedWhilePending: true,
    run: (ctx, c) => {
      const cr = knownCreature(ctx, c.creatureId);
      if (!cr.hidden) ctx.reject('not-hidden', `${cr.name} (${c.creatureId}) is not hidden`);
      // The whole creature, revealed: a seat's history gets the creature as it then stands, as when one joins.
      ctx.emit({ type: 'CreatureAdded', creature: { ...cloneJson(cr), hidden: false }, reason: 'revealed' });
    },
  },
  'gm.setController': {
    gmOnly: true,
    allowedWhilePending: true,
    run: (ctx, c) => {
      const cr = knownCreature(ctx, c.creatureId);
      if (cr.controller === c.seat) ctx.reject('no-change', `${c.seat === null ? 'the GM' : `seat ${c.seat}`} already controls ${c.creatureId}`);
      ctx.emit({ type: 'CreatureUpdated', creatureId: c.creatureId, changes: { controller: c.seat }, previous: { controller: cr.controller } });
    },
  },
};
