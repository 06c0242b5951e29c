import { addCondition, conditionForbids, d20Test, removeCondition, removeInstance, hasCondition, type AnyHook, type Resolution } from '@fray/engine';
import { isPc, pcSheet } from '../core/sheets';
import { leaveSpace } from '../position/zones';
import { useRecovery } from './recovery';

/** 13A-HP-3/4: staggered at half maximum or less (exact), for PCs and monsters alike. */
export function syncStaggered(ctx: Resolution, id: string): void {
  const c = ctx.state.creatures[id]!;
  const should = c.status !== 'dead' && c.hp * 2 <= c.maxHp;
  const has = hasCondition(c, 'staggered');
  if (should && !has) addCondition(ctx, id, 'staggered', { source: null, ruleId: isPc(c) ? '13A-HP-3' : '13A-HP-4' });
  if (!should && has) removeCondition(ctx, id, 'staggered', c.hp * 2 > c.maxHp ? 'above half hit points' : 'dead', isPc(c) ? '13A-HP-3' : '13A-HP-4');
}

/** 13A-GRAB-7 (proposed): a grab ends when the grabber is slain, knocked out or stunned. */
export function endGrabsBy(ctx: Resolution, grabber: string, reason: string): void {
  for (const other of ctx.state.creatureIds) {
    for (const inst of [...ctx.state.creatures[other]!.conditions]) {
      if (inst.conditionId === 'grabbed' && (inst.data as { grabber?: string } | undefined)?.grabber === grabber) removeInstance(ctx, other, inst, reason, '13A-GRAB-7');
    }
  }
}

export function kill(ctx: Resolution, id: string, ruleId: string, text: string): void {
  const c = ctx.state.creatures[id]!;
  endGrabsBy(ctx, id, 'the grabber is dead');
  ctx.emit({ type: 'StatusSet', creatureId: id, status: 'dead', ruleId });
  ctx.emit({ type: 'RuleApplied', ruleId, text, creatureId: id });
  // 13A-ENGAGE-12: engagement with the slain ends.
  leaveSpace(ctx, id);
  for (const inst of c.conditions.filter((x) => x.conditionId === 'staggered')) ctx.emit({ type: 'ConditionRemoved', creatureId: id, instanceId: inst.instanceId, conditionId: inst.conditionId, reason: 'dead' });
}

/** 13A-DYING-5 (exact): dead once hp x 2 <= -max. Also 13A-OPT-2 meaningful death turns it into a coma. */
function deathThreshold(ctx: Resolution, id: string): boolean {
  const c = ctx.state.creatures[id]!;
  if (c.hp * 2 > -c.maxHp) return false;
  die(ctx, id, '13A-DYING-5', `${c.name} reaches -${Math.abs(c.hp)} hp (half of ${c.maxHp} below zero) and dies`);
  return true;
}

function die(ctx: Resolution, id: string, ruleId: string, text: string): void {
  if (ctx.state.options['13a.meaningfulDeath'] === true && ctx.state.vars['villainInvolved'] !== true) {
    ctx.emit({ type: 'StatusSet', creatureId: id, status: 'coma', ruleId: '13A-OPT-2' });
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-OPT-2', text: `${ctx.state.creatures[id]!.name} falls into a coma instead (no named villain)`, creatureId: id });
    return;
  }
  kill(ctx, id, ruleId, text);
}

function wake(ctx: Resolution, id: string, ruleId: string): void {
  ctx.emit({ type: 'StatusSet', creatureId: id, status: 'conscious', ruleId });
  removeCondition(ctx, id, 'unconscious', 'conscious again', ruleId);
  removeCondition(ctx, id, 'stabilized', 'conscious again', '13A-DYING-9');
}

/** 13A-DYING-1..4, 13A-DYING-9: the death save at the start of an unconscious PC's turn. */
export function deathSave(ctx: Resolution, id: string): void {
  const c = () => (ctx.state.creatures[id])!;
  const p = d20Test(ctx, {
    kind: 'save', actor: id, selectors: ['save', 'save:death'], options: ['save:death'],
    base: { label: 'save bonus', value: pcSheet(c())?.saveBonus ?? 0 }, against: { label: 'death save', value: 16 }, ruleId: '13A-DYING-1',
  });
  if (p.outcome === 'success') {
    useRecovery(ctx, id, 'death save');
    wake(ctx, id, '13A-DYING-2');
    if (p.natural === 20) {
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-DYING-3', text: `natural 20: ${c().name} takes a full turn`, creatureId: id });
    } else {
      for (const k of ['standard', 'move', 'quick']) ctx.emit({ type: 'ResourceSet', creatureId: id, key: k, value: 0, ruleId: '13A-DYING-2' });
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-DYING-2', text: `${c().name} wakes but takes no actions this turn`, creatureId: id });
    }
    return;
  }
  if (hasCondition(ctx.state.creatures[id]!, 'stabilized')) {
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-DYING-9', text: `${c().name} is stabilized: the failed death save is ignored`, creatureId: id });
    return;
  }
  const fails = (c().tallies['deathSaveFailures'] ?? 0) + 1;
  ctx.emit({ type: 'TallySet', creatureId: id, key: 'deathSaveFailures', value: fails, ruleId: '13A-DYING-4' });
  if (fails >= 4) die(ctx, id, '13A-DYING-4', `${c().name} fails a fourth death save this battle and dies`);
}

export const dyingHooks: AnyHook[] = [
  {
    stage: 'hp.zero', id: '13a.dying.drop', priority: 0, ruleId: '13A-DMG-3',
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.creatureId]!;
      if (c.status === 'dead') return;
      if (!isPc(c)) {
        // 13A-HP-6: slain, unless the PCs are trying to keep it alive.
        if (p.data['nonlethal'] === true) {
          const a = ctx.ask({ key: '13a.knockOut', to: { role: 'gm' }, about: c.id, text: `Could that blow knock ${c.name} out instead of killing it?`, options: [{ id: 'knock-out', label: 'Knocked out' }, { id: 'slay', label: 'Slain' }], default: 'knock-out' });
          if (a === 'knock-out') {
            ctx.emit({ type: 'StatusSet', creatureId: c.id, status: 'unconscious', ruleId: '13A-HP-6' });
            addCondition(ctx, c.id, 'unconscious', { source: p.source, ruleId: '13A-HP-6' });
            return;
          }
        }
        kill(ctx, c.id, '13A-HP-6', `${c.name} is slain at 0 hit points`);
        return;
      }
      if (deathThreshold(ctx, c.id)) return;
      if (hasCondition(c, 'stabilized') && p.damage > 0) removeCondition(ctx, c.id, 'stabilized', 'took new damage', '13A-DYING-9');
      if (c.status !== 'unconscious') {
        ctx.emit({ type: 'StatusSet', creatureId: c.id, status: 'unconscious', ruleId: '13A-HP-5' });
        addCondition(ctx, c.id, 'unconscious', { source: p.source, ruleId: '13A-HP-5' });
        ctx.emit({ type: 'VarSet', creatureId: c.id, key: 'droppedThisBattle', value: true });
      } else {
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-DYING-7', text: `${c.name} takes damage while dying: no failed death save, hp now ${ctx.state.creatures[c.id]!.hp}`, creatureId: c.id });
      }
    },
  },
  {
    stage: 'condition.added', id: '13a.grab.ends', priority: 0, ruleId: '13A-GRAB-7',
    run: (ctx, p) => {
      // A grabber that can no longer act (stunned, unconscious, asleep: their definitions forbid actions) lets go.
      if (conditionForbids(ctx.ruleset, p.condition.conditionId, 'action')) endGrabsBy(ctx, p.creatureId, `the grabber is ${p.condition.conditionId}`);
    },
  },
  { stage: 'hp.changed', id: '13a.hp.staggered', priority: 10, ruleId: '13A-HP-3', run: (ctx, p) => syncStaggered(ctx, p.creatureId) },
  {
    stage: 'hp.changed', id: '13a.hp.wake', priority: 20, ruleId: '13A-HEAL-3',
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.creatureId]!;
      if (c.status === 'unconscious' && c.hp > 0 && p.after > p.before) wake(ctx, c.id, '13A-HEAL-3');
    },
  },
  {
    stage: 'heal.modify', id: '13a.heal.from-zero', priority: 0, ruleId: '13A-HEAL-3',
    run: (ctx, p) => {
      const c = ctx.state.creatures[p.target]!;
      if (c.status === 'dead') { p.blocked = { reason: `${c.name} is dead`, ruleId: '13A-HP-6' }; return; }
      if (c.hp < 0) {
        ctx.emit({ type: 'RuleApplied', ruleId: '13A-HEAL-3', text: `healing starts from 0 hit points, not from ${c.hp}`, creatureId: c.id });
        p.from = 0;
      }
    },
  },
];
