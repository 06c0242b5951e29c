import {
  addCondition, dealDamage, damagePartsFromRoll, removeInstance, setTerrain, terrainAt,
  type CreatureState, type DamagePayload, type EncounterStateCore, type Json, type Resolution, type Square, type TestPayload,
} from '@fray/engine';
import { NEEDS_HEARING, NEEDS_SIGHT } from '../conditions/options';
import { sheetOf } from '../sheet/derived';
import { activeEntries, configProblems, CREATURE_VARS, entriesWith, readWorldConfig, WORLD_VARS, type ActiveEntry } from './config';
import { gridOf, inArea, isParticipant, participantsIn, taggedSquares } from './area';
import { worldSave, applyOutcome, worldSource } from './apply';
import { SEES_THROUGH_FOG } from './spawn';
import { feedSenses } from './senses-feed';
import { AIR_CAUSE, loseAir, regainAir } from '../hazards/breath';

/** Encounter var: the world made the whole battlefield difficult terrain and no map could carry it. */
export const DIFFICULT_EVERYWHERE = 'a5e.world.difficultEverywhere';
/** Encounter var: squares the world marked difficult ("x,y"), so an edit can take them back (the map itself carries them). */
export const MARKED = 'a5e.world.marked';

// ---------------------------------------------------------------- set-up and difficult terrain

/**
 * Puts the Narrator's environment in play when the fight starts: its entries are listed
 * (A5E-WORLD-1) and its difficult terrain goes onto the map (A5E-WORLD-25/34/36/40).
 */
export function setUpWorld(ctx: Resolution): void {
  const problems = configProblems(readWorldConfig(ctx.state));
  if (problems.length) ctx.reject('unknown-environment', problems.join('; '), 'A5E-WORLD-7');
  const active = activeEntries(ctx.state);
  if (!active.length) return;
  const list = active.map((a) => `${a.name}${a.entry.kind === 'action' ? ' (world action)' : ''}${taggedSquares(ctx.state, a.entry.id).length ? '' : ' [whole battlefield]'}`);
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-WORLD-1', text: `the battlefield: ${list.join(', ')}` });
  applyDifficultTerrain(ctx);
  syncCoverTags(ctx);
  feedSenses(ctx);
}

/**
 * Obstacles mapped with `world:<id>` also get the bare tag the cover rules read (A5E-COVER-6, A5E-COVER-7
 * work cover out from the squares between attacker and target), so a map needs tagging only once.
 * Tables are left out: only a table pushed over gives cover.
 */
export function syncCoverTags(ctx: Resolution): void {
  const grid = gridOf(ctx.state);
  if (!grid) return;
  let space = grid;
  for (const { active, effect } of entriesWith(ctx.state, 'cover')) {
    if (effect.needs === 'tipped') continue;
    for (const sq of taggedSquares(ctx.state, active.entry.id)) {
      const cell = terrainAt(space, sq);
      if (!cell.tags.includes(active.entry.id)) space = setTerrain(space, [sq], { difficult: cell.difficult, tags: [...cell.tags, active.entry.id] });
    }
  }
  if (space !== grid) ctx.emit({ type: 'SpaceChanged', space: space as unknown as Json });
}

/** The tag the cover rules read for a table pushed over. */
export const TIPPED_TABLE_TAG = 'table-tipped';

const key = (s: Square) => `${s.x},${s.y}`;
const square = (k: string): Square => {
  const [x, y] = k.split(',').map(Number);
  return { x: x!, y: y! };
};

/**
 * Makes the squares of every active difficult-terrain entry difficult, and takes back squares the world
 * marked before that no active entry covers any more. An unmapped entry covers a bounded grid entirely;
 * on any other table the whole battlefield is recorded as difficult (`a5e.world.difficultEverywhere`).
 * Several entries on one square do not stack (A5E-MOVE-6): the square is simply difficult.
 */
export function applyDifficultTerrain(ctx: Resolution): void {
  const grid = gridOf(ctx.state);
  const want = new Set<string>();
  const everywhere: string[] = [];
  for (const { active } of entriesWith(ctx.state, 'difficultTerrain')) {
    const squares = taggedSquares(ctx.state, active.entry.id);
    if (squares.length) for (const s of squares) want.add(key(s));
    else if (grid?.bounds) for (let y = 0; y < grid.bounds.height; y++) for (let x = 0; x < grid.bounds.width; x++) want.add(`${x},${y}`);
    else everywhere.push(active.name);
  }
  if (grid) {
    const before = (ctx.state.vars[MARKED] as string[] | undefined) ?? [];
    let space = grid;
    const marked: string[] = [];
    for (const k of before) {
      if (want.has(k)) continue;
      space = setTerrain(space, [square(k)], { difficult: false, tags: terrainAt(space, square(k)).tags });
    }
    for (const k of want) {
      const cell = terrainAt(space, square(k));
      if (!cell.difficult) space = setTerrain(space, [square(k)], { difficult: true, tags: cell.tags });
      else if (!before.includes(k)) continue;
      marked.push(k);
    }
    if (space !== grid) ctx.emit({ type: 'SpaceChanged', space: space as unknown as Json });
    if (marked.length !== before.length || marked.some((k, i) => before[i] !== k)) ctx.emit({ type: 'VarSet', creatureId: null, key: MARKED, value: marked.length ? marked : null });
  }
  const was = ctx.state.vars[DIFFICULT_EVERYWHERE] === true;
  if (everywhere.length && !was) {
    ctx.emit({ type: 'VarSet', creatureId: null, key: DIFFICULT_EVERYWHERE, value: true });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-MOVE-6', text: `${everywhere.join(', ')}: the whole battlefield is difficult terrain` });
  } else if (!everywhere.length && was) {
    ctx.emit({ type: 'VarSet', creatureId: null, key: DIFFICULT_EVERYWHERE, value: null });
  }
}

/** For movement rules without a map square to read: whether the world makes everywhere difficult. */
export function worldDifficultEverywhere(state: EncounterStateCore): boolean {
  return state.vars[DIFFICULT_EVERYWHERE] === true;
}

// ---------------------------------------------------------------- senses

/** Whether a creature stands in an entry that obscures at this degree. */
export function obscurementOf(state: EncounterStateCore, creatureId: string): 'heavy' | 'light' | null {
  let out: 'heavy' | 'light' | null = null;
  for (const { active, effect } of entriesWith(state, 'obscured')) {
    if (!inArea(state, active.entry.id, creatureId)) continue;
    if (effect.degree === 'heavy') return 'heavy';
    out = 'light';
  }
  return out;
}

/** The shadow puppet sees clearly through the fog (A5E-WORLD-30); blindsight and truesight need no light. */
export function seesThroughObscurement(c: CreatureState): boolean {
  const senses = sheetOf(c).senses;
  return c.tags.includes(SEES_THROUGH_FOG) || (senses.blindsight ?? 0) > 0 || (senses.truesight ?? 0) > 0;
}

/** Sight between two creatures is cut when either stands in heavy obscurement and the viewer cannot pierce it (A5E-VIS-2, AMB-27). */
export function sightBlocked(state: EncounterStateCore, viewer: string, other: string): boolean {
  const v = state.creatures[viewer];
  if (!v || seesThroughObscurement(v)) return false;
  return obscurementOf(state, viewer) === 'heavy' || obscurementOf(state, other) === 'heavy';
}

/**
 * The farthest a creature hears right now, or null for no world limit: Loud Winds in its area
 * (A5E-WORLD-37) and a world action's silence (A5E-WORLD-19); loud explosive noises are heard anyway.
 */
export function hearingLimitFeet(state: EncounterStateCore, creatureId: string): number | null {
  let limit: number | null = null;
  for (const { active, effect } of entriesWith(state, 'hearingLimit')) {
    if (inArea(state, active.entry.id, creatureId)) limit = Math.min(limit ?? Infinity, effect.feet);
  }
  const silence = state.vars[WORLD_VARS.silence] as { feet?: number } | undefined;
  if (typeof silence?.feet === 'number') limit = Math.min(limit ?? Infinity, silence.feet);
  return limit;
}

/** How many times farther than usual sound carries where the creature is (Echo, A5E-WORLD-8). */
export function soundRangeFactor(state: EncounterStateCore, creatureId: string): number {
  let f = 1;
  for (const { active, effect } of entriesWith(state, 'soundCarries')) if (inArea(state, active.entry.id, creatureId)) f = Math.max(f, effect.factor);
  return f;
}

const isPerception = (p: TestPayload) => ['check:perception', 'check:check:perception', 'check:skill:perception'].some((o) => p.options.has(o));

/** Whether the senses rules are loaded: then they judge sight from the obscurement the world feeds them. */
function sensesLoaded(ctx: Resolution): boolean {
  return ctx.ruleset.hooksByStage['test.modifiers']?.some((h) => h.id === SENSES_UNSEEN_HOOK) ?? false;
}
const SENSES_UNSEEN_HOOK = 'a5e.senses.unseen';

/**
 * Obscurement on d20 tests. With the senses rules loaded, they do the work from what `feedSenses`
 * wrote, except for a creature that sees through the fog (the Shadow Puppet, A5E-WORLD-30): for an
 * attack it takes part in, their sight-based sources give way to this reckoning. Without them:
 * lightly obscured (Snow) gives disadvantage on sight-based Perception from inside (A5E-VIS-1,
 * A5E-WORLD-22); heavily obscured (Thick Fog) fails sight-based checks, and on attacks not seeing the
 * target gives disadvantage, not being seen advantage, and neither seeing the other disadvantage only
 * (A5E-VIS-2, AMB-8, A5E-WORLD-29).
 */
export function obscurementModifiers(ctx: Resolution, p: TestPayload): void {
  if (!p.actor) return;
  const state = ctx.state;
  const senses = sensesLoaded(ctx);
  if (p.kind === 'check') {
    if (senses) return;
    const sight = p.options.has(NEEDS_SIGHT) || (isPerception(p) && !p.options.has(NEEDS_HEARING));
    if (!sight) return;
    const here = obscurementOf(state, p.actor);
    if (here === 'heavy' && !seesThroughObscurement(state.creatures[p.actor]!)) {
      if (!p.autoFail) p.autoFail = { reason: 'cannot see in the heavily obscured area', ruleId: 'A5E-WORLD-29' };
    } else if (here === 'light') {
      const entry = entriesWith(state, 'obscured').find((e) => e.effect.degree === 'light' && inArea(state, e.active.entry.id, p.actor!));
      p.rollModeSources.push({ mode: 'disadvantage', source: worldSource(entry?.active.entry.id ?? 'obscured'), label: `${entry?.active.name ?? 'lightly obscured'}: lightly obscured`, ruleId: entry?.active.entry.ruleId ?? 'A5E-VIS-1' });
    }
    return;
  }
  if (p.kind !== 'attack' || !p.target) return;
  const fog = entriesWith(state, 'obscured').find((e) => e.effect.degree === 'heavy');
  if (!fog) return;
  if (senses) {
    const seer = [p.actor, p.target].some((id) => state.creatures[id]?.tags.includes(SEES_THROUGH_FOG));
    if (!seer) return;
    for (const s of p.rollModeSources) if (s.source === SENSES_SOURCE) s.predicate = NEVER;
  }
  const attackerBlind = sightBlocked(state, p.actor, p.target);
  const targetBlind = sightBlocked(state, p.target, p.actor);
  const source = worldSource(fog.active.entry.id);
  const ruleId = fog.active.entry.ruleId;
  if (attackerBlind && targetBlind) p.rollModeSources.push({ mode: 'disadvantage', source, label: `${fog.active.name}: neither sees the other`, ruleId });
  else if (attackerBlind) p.rollModeSources.push({ mode: 'disadvantage', source, label: `${fog.active.name}: cannot see the target`, ruleId });
  else if (targetBlind) p.rollModeSources.push({ mode: 'advantage', source, label: `${fog.active.name}: the target cannot see the attacker`, ruleId });
}

/** The senses rules' roll-mode source id, and an atom no test carries (a source given way is kept, not counted). */
const SENSES_SOURCE = 'a5e.senses';
const NEVER = 'world:superseded';

// ---------------------------------------------------------------- damage riders

/**
 * Echo (A5E-WORLD-8): thunder damage to a creature in the area gains 1 per die rolled for it. It joins
 * the rolled damage, so a critical hit doubles it as well.
 */
export function echoDamage(ctx: Resolution, p: DamagePayload): void {
  for (const { active, effect } of entriesWith(ctx.state, 'extraDamagePerDie')) {
    if (!inArea(ctx.state, active.entry.id, p.target)) continue;
    const crit = p.options.has('attack:crit') ? 2 : 1;
    for (const part of p.parts) {
      if (part.type !== effect.damageType || !part.dice) continue;
      const extra = effect.perDie * part.dice * crit;
      part.amount += extra;
      ctx.emit({ type: 'RuleApplied', ruleId: active.entry.ruleId, text: `${active.name}: +${extra} ${effect.damageType} (${part.dice} ${part.dice === 1 ? 'die' : 'dice'}${crit === 2 ? ', doubled by the critical hit' : ''})`, creatureId: p.target });
    }
  }
}

// ---------------------------------------------------------------- surfaces, turn ends

function turnKey(state: EncounterStateCore): string {
  return `${state.round}:${state.turnIndex}`;
}

function airborne(state: EncounterStateCore, id: string): boolean {
  return (gridOf(state)?.creatures[id]?.elevation ?? 0) > 0;
}

/**
 * Burning or frostbitten surfaces (A5E-WORLD-12, A5E-WORLD-20): the first contact in a turn with the
 * ground or an unattended object in the area hurts, at most once per creature per turn (any
 * creature's turn). Cold resistance (or immunity) and covered skin keep the frost off.
 */
export function touchSurface(ctx: Resolution, creatureId: string, only: string | null = null): void {
  const c = ctx.state.creatures[creatureId];
  if (!c || !isParticipant(c)) return;
  for (const { active, effect } of entriesWith(ctx.state, 'touch')) {
    if (only && active.entry.id !== only) continue;
    if (!inArea(ctx.state, active.entry.id, creatureId)) continue;
    const touched = { ...((ctx.state.creatures[creatureId]!.vars[CREATURE_VARS.touched] as Record<string, string> | undefined) ?? {}) };
    if (touched[active.entry.id] === turnKey(ctx.state)) continue;
    ctx.emit({ type: 'VarSet', creatureId, key: CREATURE_VARS.touched, value: { ...touched, [active.entry.id]: turnKey(ctx.state) } });
    const profile = effect.resistanceProtects ? ctx.ruleset.damageProfile(ctx.state, creatureId) : null;
    if (profile && [...profile.resist, ...profile.immune].some((t) => t === effect.type || t === 'all')) {
      ctx.emit({ type: 'RuleApplied', ruleId: active.entry.ruleId, text: `${active.name}: ${ctx.state.creatures[creatureId]!.name} resists ${effect.type} and takes no damage`, creatureId });
      continue;
    }
    if (effect.bareSkinOnly && !skinExposed(ctx, creatureId, active)) {
      ctx.emit({ type: 'RuleApplied', ruleId: active.entry.ruleId, text: `${active.name}: ${ctx.state.creatures[creatureId]!.name}'s skin is covered and takes no damage`, creatureId });
      continue;
    }
    const record = ctx.roll(`${effect.dice} ${effect.type}`, { roller: null, purpose: `${active.name} damage` });
    ctx.emit({ type: 'RuleApplied', ruleId: active.entry.ruleId, text: `${active.name}: ${ctx.state.creatures[creatureId]!.name} touches the surface`, creatureId });
    dealDamage(ctx, creatureId, damagePartsFromRoll(record, effect.type), { source: null, options: ['damage:world', `world:${active.entry.id}`], data: { world: active.entry.id } });
  }
}

/** Whether bare skin touches the frost: the creature var when set, else the Narrator says once (default exposed). */
function skinExposed(ctx: Resolution, creatureId: string, a: ActiveEntry): boolean {
  const known = ctx.state.creatures[creatureId]!.vars[CREATURE_VARS.skinExposed];
  if (typeof known === 'boolean') return known;
  const answer = ctx.ask({
    key: 'world.skinExposed', to: { role: 'gm' }, about: creatureId, text: `${a.name}: is ${ctx.state.creatures[creatureId]!.name}'s skin exposed to the surface?`,
    options: [{ id: 'exposed', label: 'exposed' }, { id: 'covered', label: 'covered' }], ruleId: a.entry.ruleId,
  });
  const exposed = answer !== 'covered';
  ctx.emit({ type: 'VarSet', creatureId, key: CREATURE_VARS.skinExposed, value: exposed });
  return exposed;
}

/** Starting a turn on burning or frostbitten ground counts as touching it (proposed ruling); flyers above it do not. */
export function surfacesAtTurnStart(ctx: Resolution, creatureId: string): void {
  if (airborne(ctx.state, creatureId)) return;
  touchSurface(ctx, creatureId);
}

/** Floating Ash and Tenacious Mud: a save when a turn ends in the area (A5E-WORLD-13, A5E-WORLD-41). */
export function turnEndSaves(ctx: Resolution, creatureId: string): void {
  for (const { active, effect } of entriesWith(ctx.state, 'turnEndSave')) {
    const c = ctx.state.creatures[creatureId];
    if (!c || !isParticipant(c) || !inArea(ctx.state, active.entry.id, creatureId)) continue;
    if (!worldSave(ctx, creatureId, active, effect.save)) applyOutcome(ctx, active, effect.onFail, [creatureId]);
  }
}

// ---------------------------------------------------------------- loose foundation

/** Buried in a cave-in: held by the rubble and out of air until freed (A5E-WORLD-9). */
export const BURIED = 'buried';
export const SUFFOCATING_FLAG = 'suffocating';

/**
 * A disturbed Loose Foundation comes down in the start-of-round phase two rounds later (proposed ruling):
 * each creature still in the area is grappled by the rubble (escape DC 12) and starts suffocating.
 */
export function collapseStep(ctx: Resolution): void {
  const v = ctx.state.vars[WORLD_VARS.collapse] as { entry?: string; collapseRound?: number } | undefined;
  if (!v?.entry || (v.collapseRound ?? Infinity) > ctx.state.round) return;
  const active = activeEntries(ctx.state).find((a) => a.entry.id === v.entry);
  ctx.emit({ type: 'VarSet', creatureId: null, key: WORLD_VARS.collapse, value: null });
  if (!active) return;
  const effect = active.entry.effects.find((e) => e.kind === 'collapse');
  const escapeDc = effect?.kind === 'collapse' ? effect.escapeDc : 12;
  const caught = participantsIn(ctx.state, active.entry.id);
  ctx.emit({ type: 'RuleApplied', ruleId: active.entry.ruleId, text: `${active.name}: the cave comes down${caught.length ? ` on ${caught.map((id) => ctx.state.creatures[id]!.name).join(', ')}` : ''}` });
  for (const id of caught) {
    const g = addCondition(ctx, id, 'grappled', { source: worldSource(active.entry.id), ruleId: active.entry.ruleId, data: { escapeDC: escapeDc } });
    if (!g) continue;
    addCondition(ctx, id, BURIED, { source: worldSource(active.entry.id), ruleId: active.entry.ruleId, data: { escapeDC: escapeDc } });
    // no held breath: it starts suffocating at once (proposed ruling), counted by the breath rules (A5E-ENV-5)
    loseAir(ctx, id, { holdBreath: false, cause: 'buried by the cave-in', ruleId: active.entry.ruleId });
  }
}

/** Freed from the rubble, a buried creature can breathe again; standing up ends brush cover. */
export function onConditionRemoved(ctx: Resolution, creatureId: string, conditionId: string, source: string | null): void {
  const c = ctx.state.creatures[creatureId];
  if (!c) return;
  if (conditionId === 'grappled' && source === worldSource('loose-foundation')) {
    for (const inst of c.conditions.filter((x) => x.conditionId === BURIED)) removeInstance(ctx, creatureId, inst, 'freed from the rubble', 'A5E-WORLD-9');
    if (ctx.state.creatures[creatureId]!.vars[AIR_CAUSE] === 'buried by the cave-in') regainAir(ctx, creatureId);
  }
  if (conditionId === 'prone') {
    for (const inst of c.conditions.filter((x) => x.conditionId === WORLD_COVER && (x.data as { entry?: string } | undefined)?.entry === 'brush')) {
      removeInstance(ctx, creatureId, inst, 'no longer prone: the brush no longer covers it', 'A5E-WORLD-16');
    }
  }
}

// ---------------------------------------------------------------- cover

/** Half cover from an environment obstacle (A5E-COVER-3, A5E-COVER-6); one cover at a time (A5E-COVER-2). */
export const WORLD_COVER = 'world-cover';

/** Cover stays while the creature stays put: it ends when its turn ends somewhere else. */
export function coverCheckAtTurnEnd(ctx: Resolution, creatureId: string): void {
  const c = ctx.state.creatures[creatureId];
  const at = gridOf(ctx.state)?.creatures[creatureId];
  if (!c || !at) return;
  for (const inst of c.conditions.filter((x) => x.conditionId === WORLD_COVER)) {
    const d = inst.data as { x?: number; y?: number } | undefined;
    if (d && typeof d.x === 'number' && (d.x !== at.x || d.y !== at.y)) removeInstance(ctx, creatureId, inst, 'moved away from its cover', 'A5E-COVER-6');
  }
}

// ---------------------------------------------------------------- encounter end

/** Effects that last until the fight ends stop (A5E-ROUND-8): Lightning Strike's list, a silence. */
export function endOfEncounter(ctx: Resolution): void {
  for (const k of [WORLD_VARS.struck, WORLD_VARS.silence, WORLD_VARS.recharging, WORLD_VARS.collapse]) {
    if (ctx.state.vars[k] !== undefined) ctx.emit({ type: 'VarSet', creatureId: null, key: k, value: null });
  }
}
