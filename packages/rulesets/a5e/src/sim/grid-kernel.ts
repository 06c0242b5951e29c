import {
  gridApproach, pickTarget, squaresApart, type ConditionInstance, type CreatureState, type EncounterState, type GridSpaceState, type LoadedRuleset, type PolicyDraw,
} from '@fray/engine';
import { attackSituationOf } from '../position/attack-geometry';
import { acStatistic } from '../sheet/armor-class';
import { attackAbility, sheetOf } from '../sheet/derived';
import { CONSCIOUS, DEAD } from './fight-dying';
import { explainRollMode, type HeldCondition } from './roll-modes';

/** Roll modes as the kernel draws them (fight-kernel.ts). */
const NORMAL = 0;
const ADVANTAGE = 1;
const DISADVANTAGE = 2;
/** `plan` and `closeIn` answers beyond an index: nothing reaches / no move, or outside the compiled rules (hand the fight back). */
export const NONE = -1;
export const HAND_BACK = -2;

/** An attack as the rules would make it from where everyone stands: which of the attacker's attacks (its slot), the roll mode, the AC with cover. */
interface Plan {
  slot: number;
  mode: number;
  ac: number;
}

/**
 * A5E compiled fights on a grid (odds from here on a map): where everyone stands, and the two
 * questions the simulator's policies ask of the map, answered by the rules' own functions on the
 * fight's state as the kernel holds it (positions, who is up, dying or dead, who is prone, who has
 * a reaction, the mover's movement left), each answer kept for the next time the same situation comes:
 * - which attack reaches a hostile, with what roll mode and AC (`attackOptions` and their
 *   `targetRefusal` for reach, range and sight; `attackSituationOf` for range, a hostile within reach,
 *   cover; `acStatistic` with that cover; the conditions' roll modes) — the lean policy's first attack
 *   that may be made at it;
 * - where a creature with nothing in reach closes in (`gridApproach`, the policy's own choice: each
 *   try through `previewMove`, legal for the movement left, provoking nobody, not cut short by a
 *   creature in the way, around it when it would be) and what the move costs.
 * The policies never provoke; a world action's push moves a creature through `moveTo`.
 */
export class A5eGrid {
  readonly x: Int32Array;
  readonly y: Int32Array;
  private readonly x0: Int32Array;
  private readonly y0: Int32Array;
  private readonly ids: readonly string[];
  private readonly plans: Plan[] = [];
  private readonly planIndex = new Map<string, number>();
  private readonly moves: { x: number; y: number; cost: number }[] = [];
  private readonly moveIndex = new Map<string, number>();
  /** the positions as a key, rebuilt after each move */
  private where = '';
  /** the plan for each candidate the last `targets` call kept, by creature */
  readonly planOf: Int32Array;
  private readonly foes: Int32Array;

  constructor(
    private readonly ruleset: LoadedRuleset,
    private readonly base: EncounterState,
    /** conditions the dying hold (unconscious and what it implies, prone) */
    private readonly down: readonly string[],
    /** creature k's attack with this index on its stat block as a kernel slot, or -1 when the kernel does not model it */
    private readonly slotOf: (k: number, attack: number) => number,
  ) {
    this.ids = base.creatureIds;
    const n = this.ids.length;
    const space = base.space as GridSpaceState;
    this.x0 = Int32Array.from(this.ids, (id) => space.creatures[id]!.x);
    this.y0 = Int32Array.from(this.ids, (id) => space.creatures[id]!.y);
    this.x = new Int32Array(n);
    this.y = new Int32Array(n);
    this.planOf = new Int32Array(n);
    this.foes = new Int32Array(n);
  }

  reset(): void {
    this.x.set(this.x0);
    this.y.set(this.y0);
    this.where = this.positionsKey();
  }

  /** The positions as they stand ("x,y;" by creature): the key of every situation the map's answers are kept for. */
  get positions(): string {
    return this.where;
  }

  /** Creature k set down at (x, y) by something other than its own move (a push, `kernel-grid-environment.ts`). */
  moveTo(k: number, x: number, y: number): void {
    this.x[k] = x;
    this.y[k] = y;
    this.where = this.positionsKey();
  }

  private positionsKey(): string {
    let s = '';
    for (let k = 0; k < this.x.length; k++) s += `${this.x[k]},${this.y[k]};`;
    return s;
  }

  /**
   * Keeps the candidates `[0, m)` some attack of `me` reaches (in order) and notes each one's plan in
   * `planOf`; returns how many, or HAND_BACK when the attack the rules would make is one the kernel
   * does not model.
   */
  targets(me: number, candidates: Int32Array, m: number, status: Uint8Array, prone: Uint8Array, strife: Uint8Array): number {
    let kept = 0;
    for (let i = 0; i < m; i++) {
      const t = candidates[i]!;
      const p = this.plan(me, t, status, prone, strife);
      if (p === HAND_BACK) return HAND_BACK;
      if (p === NONE) continue;
      this.planOf[t] = p;
      candidates[kept++] = t;
    }
    return kept;
  }

  planSlot(p: number): number {
    return this.plans[p]!.slot;
  }

  planMode(p: number): number {
    return this.plans[p]!.mode;
  }

  planAc(p: number): number {
    return this.plans[p]!.ac;
  }

  private situationKey(status: Uint8Array, prone: Uint8Array): string {
    let s = this.where;
    for (let k = 0; k < status.length; k++) s += String.fromCharCode(97 + status[k]! * 2 + prone[k]!);
    return s;
  }

  private plan(me: number, t: number, status: Uint8Array, prone: Uint8Array, strife: Uint8Array): number {
    const key = `${this.situationKey(status, prone)}|${strife[me]},${strife[t]}|${me}>${t}`;
    const known = this.planIndex.get(key);
    if (known !== undefined) return known;
    const p = this.makePlan(me, t, status, prone, strife);
    let at = p;
    if (typeof p !== 'number') {
      at = this.plans.length;
      this.plans.push(p);
    }
    this.planIndex.set(key, at as number);
    return at as number;
  }

  private makePlan(me: number, t: number, status: Uint8Array, prone: Uint8Array, strife: Uint8Array): Plan | number {
    const { ruleset } = this;
    const state = this.stateNow(me, status, prone, null, 0);
    const meId = this.ids[me]!;
    const tId = this.ids[t]!;
    const options = (ruleset.attackOptions?.(state, meId) ?? []).filter((o) => o.refusal === null && (o.command as { action?: string }).action === 'attack');
    const o = options.find((x) => x.targetRefusal(tId) === null);
    if (!o) return NONE;
    const sheet = sheetOf(state.creatures[meId]!);
    const index = sheet.attacks.findIndex((a) => a.id === o.attackId);
    const slot = index < 0 ? -1 : this.slotOf(me, index);
    if (slot < 0) return HAND_BACK;
    const attack = sheet.attacks[index]!;
    const ranged = attack.kind === 'ranged';
    const situation = attackSituationOf(ruleset, state, meId, tId, attack, ranged, attack.kind === 'melee' && attack.reachFeet <= 5);
    const ability = attackAbility(sheet, attack);
    const held = (k: number): HeldCondition[] => [
      ...(prone[k] ? [{ conditionId: 'prone', instanceId: 'prone#1' }] : []),
      ...(strife[k] ? [{ conditionId: 'strife', instanceId: 'strife#1', level: strife[k] }] : []),
    ];
    const options2 = [`attack:${ranged ? 'ranged' : 'melee'}`, `attack:id:${attack.id}`, ...situation.options, `attack:ability:${ability}`];
    const mode = explainRollMode(ruleset, 'attack', held(me), held(t), ['attack', `attack:${ability}`], options2, situation.rollModeSources);
    if (mode.bonus !== 0) return HAND_BACK;
    const ac = acStatistic(ruleset, state, tId, situation.cover).total;
    return { slot, mode: mode.mode === 'advantage' ? ADVANTAGE : mode.mode === 'disadvantage' ? DISADVANTAGE : NORMAL, ac };
  }

  /**
   * The policy closing in (`approachMove`): nothing for a creature already next to a hostile up;
   * otherwise the hostile it would attack (the policy's pick, drawn as it draws) and the first of the
   * tries the rules allow for the movement left without provoking or being cut short (`gridApproach`).
   * Moves it and returns the cost in feet, or NONE (it ends its turn).
   */
  closeIn(
    me: number, hostiles: Int32Array, m: number, target: 'weakest' | 'random', hp: Int32Array, maxHp: Int32Array, policy: PolicyDraw,
    status: Uint8Array, prone: Uint8Array, reaction: Uint8Array, movementLeft: number,
  ): number {
    const { x, y } = this;
    for (let i = 0; i < m; i++) {
      const t = hostiles[i]!;
      if (squaresApart({ x: x[me]!, y: y[me]! }, { x: x[t]!, y: y[t]! }) <= 1) return NONE;
    }
    if (m === 0) return NONE;
    this.foes.set(hostiles.subarray(0, m));
    const foe = pickTarget(target, this.foes, m, hp, maxHp, policy);
    let reactions = '';
    for (let k = 0; k < reaction.length; k++) reactions += reaction[k] ? '1' : '0';
    const key = `${this.situationKey(status, prone)}|${reactions}|${movementLeft}|${me}>${foe}`;
    let at = this.moveIndex.get(key);
    if (at === undefined) {
      at = this.makeMove(me, foe, status, prone, reaction, movementLeft);
      this.moveIndex.set(key, at);
    }
    if (at < 0) return at;
    const mv = this.moves[at]!;
    x[me] = mv.x;
    y[me] = mv.y;
    this.where = this.positionsKey();
    return mv.cost;
  }

  private makeMove(me: number, foe: number, status: Uint8Array, prone: Uint8Array, reaction: Uint8Array, movementLeft: number): number {
    const state = this.stateNow(me, status, prone, reaction, movementLeft);
    const m = gridApproach(state, this.ids[me]!, this.ids[foe]!, this.ruleset);
    if (!m) return NONE;
    this.moves.push({ x: m.end.x, y: m.end.y, cost: m.preview.cost });
    return this.moves.length - 1;
  }

  /**
   * The fight's state as the kernel holds it, for the rules' questions: `me` acting on its turn with
   * its action and `movementLeft`, everyone where the kernel has them, up or dying or dead, prone or not,
   * with or without a reaction (null: as at the start).
   */
  private stateNow(me: number, status: Uint8Array, prone: Uint8Array, reaction: Uint8Array | null, movementLeft: number): EncounterState {
    const base = this.base;
    const space = base.space as GridSpaceState;
    const creatures: Record<string, CreatureState> = {};
    const placed: Record<string, GridSpaceState['creatures'][string]> = {};
    const instance = (conditionId: string): ConditionInstance => ({ instanceId: `${conditionId}#sim`, conditionId, source: null, duration: { kind: 'untilRemoved' } });
    this.ids.forEach((id, k) => {
      const c = base.creatures[id]!;
      const s = status[k]!;
      const conditions = s === CONSCIOUS ? (prone[k] ? [instance('prone')] : []) : s === DEAD ? [instance('prone')] : this.down.map(instance);
      const resources = { ...c.resources, ...(reaction ? { reaction: reaction[k]! } : {}), ...(k === me ? { action: 1, attacksLeft: 0, movementFeet: movementLeft } : {}) };
      creatures[id] = { ...c, hp: s === CONSCIOUS ? Math.max(1, c.hp) : 0, status: s === CONSCIOUS ? 'conscious' : s === DEAD ? 'dead' : s === 1 ? 'dying' : 'stable', conditions, resources };
      placed[id] = { ...space.creatures[id]!, x: this.x[k]!, y: this.y[k]! };
    });
    return {
      ...base, phase: 'combat', round: Math.max(1, base.round), pending: null, creatures,
      order: this.ids.map((creatureId) => ({ creatureId, total: 0, tiebreak: [], group: null, delayed: false })), turnIndex: me,
      space: { ...space, creatures: placed },
    };
  }
}
