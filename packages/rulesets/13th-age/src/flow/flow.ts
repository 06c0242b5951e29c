import {
  cloneJson, dealDamage, removeInstance, type AnyHook, type Resolution, type Json,
} from '@fray/engine';
import type { ThirteenModule } from '../module';
import { initiativeBonus } from '../core/stats';
import { isPc, pcSheet } from '../core/sheets';
import { resetTurnBudget, setVar } from '../core/economy';
import { deathSave } from '../hp/dying';
import { useRecovery } from '../hp/recovery';
import { rollSave, difficultyOf } from './saves';
import { flowOptions } from '../settings';

export const ESC = 'escalation';
/** Counter: 1 when the GM has unbound the escalation die from its maximum of 6 (a house rule). */
export const UNBOUND = 'escalationUnbound';

/** 13A-INIT-1/4/5: d20 + bonus once per battle; ties: higher bonus, then PCs, then join order. */
export function rollInitiative13a(ctx: Resolution, id: string): { total: number; tiebreak: number[] } {
  const c = () => ctx.state.creatures[id]!;
  const bonus = initiativeBonus(ctx.state, id);
  // The bonus rides in the roll, so the roll's line shows the total the order uses.
  const r = ctx.roll(bonus ? `1d20${bonus > 0 ? '+' : ''}${bonus}` : '1d20', { roller: id, purpose: 'initiative' });
  if (c().tempHp > 0) ctx.emit({ type: 'HitPointsSet', target: id, tempHp: 0, reason: 'rolled initiative', ruleId: '13A-INIT-5' });
  return { total: r.total, tiebreak: [bonus, isPc(c()) ? 1 : 0] };
}

/** End-of-turn processing (13A-ACT-8): ongoing damage first, then its save (13A-ONG-1/2, 13A-SAVE-3). */
export function ongoingTick(ctx: Resolution, id: string): void {
  // Copies, not the state's instances: an entered roll is a question, after which the state is another object.
  for (const inst of cloneJson(ctx.state.creatures[id]!.conditions)) {
    if (inst.conditionId !== 'ongoing-damage') continue;
    const d = inst.data as { amount: string; type: string; natural: number | null; magical: boolean; name: string };
    const r = ctx.roll(d.amount, { roller: inst.source, purpose: `ongoing ${d.type} damage (${d.name})` });
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-ONG-1', text: `${ctx.state.creatures[id]!.name} takes ${r.total} ongoing ${d.type} damage at the end of its turn`, creatureId: id });
    // 13A-RES-3: the original attack's natural roll decides full or half against resistance.
    dealDamage(ctx, id, [{ type: d.type, amount: r.total }], { source: inst.source, options: ['damage:ongoing'], data: { natural: d.natural, critMult: 1, magical: d.magical } as unknown as Record<string, Json> });
  }
}

/** Saves against every save-ends effect at once (used when a delayed turn lapses). */
export function saveAll(ctx: Resolution, id: string): void {
  for (const inst of cloneJson(ctx.state.creatures[id]!.conditions)) {
    if (inst.duration.kind !== 'saveEnds') continue;
    if (rollSave(ctx, id, difficultyOf(inst.duration.save), inst.conditionId, inst.conditionId === 'ongoing-damage' ? '13A-ONG-2' : '13A-SAVE-2')) removeInstance(ctx, id, inst, 'saved');
  }
}

const hooks: AnyHook[] = [
  {
    stage: 'encounter.start', id: '13a.escalation.start', priority: 0, ruleId: '13A-ESC-8',
    run: (ctx) => ctx.emit({ type: 'CounterSet', key: ESC, value: 0, ruleId: '13A-ESC-8' }),
  },
  {
    stage: 'round.start', id: '13a.escalation.advance', priority: 0, ruleId: '13A-ESC-1',
    run: (ctx, p) => {
      if (p.round <= 1) return;
      if (ctx.state.vars['ambushRound'] === true) {
        setVar(ctx, null, 'ambushRound', null);
        // 13A-AMB-3 / 13A-ESC-7: the GM decides whether the die advances after the ambush round.
        const a = ctx.ask({ key: '13a.ambushEscalation', to: { role: 'gm' }, about: null, text: 'The ambush round is over: advance the escalation die?', options: [{ id: 'hold', label: 'No: the first normal round is round 1' }, { id: 'advance', label: 'Yes: it starts at 1' }], default: 'hold' });
        if (a === 'advance') ctx.emit({ type: 'CounterSet', key: ESC, value: 1, ruleId: '13A-AMB-3' });
        return;
      }
      if (ctx.state.counters['escalationHold'] === 1) {
        ctx.emit({ type: 'CounterSet', key: 'escalationHold', value: 0, ruleId: '13A-ESC-4' });
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-ESC-4', text: 'the GM holds the escalation die this round' });
        return;
      }
      const cur = ctx.state.counters[ESC] ?? 0;
      if (cur < 6 || ctx.state.counters[UNBOUND] === 1) ctx.emit({ type: 'CounterSet', key: ESC, value: cur + 1, ruleId: '13A-ESC-1' });
    },
  },
  {
    stage: 'turn.start', id: '13a.turn.start', priority: 0, ruleId: '13A-ACT-8',
    run: (ctx, p) => {
      const id = p.creatureId;
      const c = ctx.state.creatures[id]!;
      resetTurnBudget(ctx, id);
      setVar(ctx, id, 'hitGrabberThisTurn', null);
      setVar(ctx, id, 'disengageFailed', null);
      if (ctx.state.vars['ambushRound'] === true && !(ctx.state.vars['ambushActors'] as string[] | undefined)?.includes(id)) {
        for (const k of ['standard', 'move', 'quick']) ctx.emit({ type: 'ResourceSet', creatureId: id, key: k, value: 0, ruleId: '13A-AMB-2' });
      }
      // 13A-INIT-7 / 13A-INIT-11: an untaken delayed or readied action lapses when the regular turn comes.
      if (c.vars['delaying'] !== undefined && c.vars['delaying'] !== null) {
        setVar(ctx, id, 'delaying', null);
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-INIT-7', text: `${c.name}'s delayed turn is lost; it may act or delay again`, creatureId: id });
        ongoingTick(ctx, id);
        saveAll(ctx, id);
      }
      if (c.vars['readied'] !== undefined && c.vars['readied'] !== null) {
        setVar(ctx, id, 'readied', null);
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-INIT-11', text: `${c.name}'s readied action lapses`, creatureId: id });
      }
      if (isPc(c) && c.status === 'unconscious') deathSave(ctx, id);
    },
  },
  {
    stage: 'turn.end', id: '13a.turn.end', priority: 0, ruleId: '13A-ACT-8',
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.creatureId]!;
      if (c.vars['delaying'] !== undefined && c.vars['delaying'] !== null) return;
      ongoingTick(ctx, p.creatureId);
      // 13A-ACT-4: the interrupt comes back at the end of the creature's own turn.
      if ((c.resources['interrupt'] ?? 1) < 1) ctx.emit({ type: 'ResourceSet', creatureId: c.id, key: 'interrupt', value: 1, ruleId: '13A-ACT-4' });
    },
  },
  {
    stage: 'duration.save', id: '13a.save-ends', priority: 0, ruleId: '13A-SAVE-3',
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.creatureId]!;
      if (c.vars['delaying'] !== undefined && c.vars['delaying'] !== null) return;
      if (c.status === 'dead') return;
      p.ended = rollSave(ctx, p.creatureId, difficultyOf(p.save), p.condition.conditionId, p.condition.conditionId === 'ongoing-damage' ? '13A-ONG-2' : '13A-SAVE-3');
    },
  },
  {
    stage: 'encounter.end', id: '13a.battle.end', priority: 0, ruleId: '13A-GEN-4',
    run: (ctx) => {
      if ((ctx.state.counters[ESC] ?? 0) !== 0) ctx.emit({ type: 'CounterSet', key: ESC, value: 0, ruleId: '13A-ESC-8' });
      for (const id of ctx.state.creatureIds) {
        const c = ctx.state.creatures[id]!;
        if (c.tempHp > 0) ctx.emit({ type: 'HitPointsSet', target: id, tempHp: 0, reason: 'the battle is over', ruleId: '13A-THP-4' });
        if (!isPc(c) || c.status === 'dead') continue;
        // 13A-ONG-5: PCs automatically succeed on their next saves.
        for (const inst of [...c.conditions]) if (inst.duration.kind === 'saveEnds') removeInstance(ctx, id, inst, 'the battle is over: saved automatically', '13A-ONG-5');
        // 13A-DYING-10: a dying PC's next death save succeeds.
        if (c.status === 'unconscious' && ctx.state.options['13a.autoDeathSaveAfterBattle'] !== false) {
          useRecovery(ctx, id, 'after the battle');
          ctx.emit({ type: 'RuleApplied', ruleId: '13A-DYING-10', text: `${c.name} automatically succeeds on the next death save`, creatureId: id });
        }
        // 13A-OPT-1: one lasting wound for dropping at least once this battle.
        if (ctx.state.options['13a.lastingWounds'] === true && c.vars['droppedThisBattle'] === true) {
          const level = pcSheet(c)!.level;
          const maxHp = Math.max(1, c.maxHp - (2 + level));
          ctx.emit({ type: 'HitPointsSet', target: id, maxHp, ...(c.hp > maxHp ? { hp: maxHp } : {}), reason: 'lasting wound', ruleId: '13A-OPT-1' });
        }
        setVar(ctx, id, 'droppedThisBattle', null);
        if ((c.tallies['deathSaveFailures'] ?? 0) > 0) ctx.emit({ type: 'TallySet', creatureId: id, key: 'deathSaveFailures', value: 0, ruleId: '13A-DYING-6' });
        if ((c.tallies['rallies'] ?? 0) > 0) ctx.emit({ type: 'TallySet', creatureId: id, key: 'rallies', value: 0, ruleId: '13A-HEAL-5' });
        if ((c.resources['interrupt'] ?? 1) < 1) ctx.emit({ type: 'ResourceSet', creatureId: id, key: 'interrupt', value: 1, ruleId: '13A-ACT-4' });
      }
      if (ctx.state.vars['spiritUsed'] === true) setVar(ctx, null, 'spiritUsed', null);
    },
  },
];

export const flowModule: ThirteenModule = { id: 'flow', hooks, options: flowOptions };

