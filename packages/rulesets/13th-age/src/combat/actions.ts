import { hasFlag, type Json, type Resolution } from '@fray/engine';
import type { ThirteenModule, ActionHandler } from '../module';
import type { Attack } from '../sheet/stat-block';
import { pcSheet } from '../core/sheets';
import { unarmedDice } from '../core/math';
import { attackCostRefusal, attackTargetRefusal, resolveAttack, type AttackRequest } from './attack';
import { confusedAttackRefusal } from './attack-options';
import { actionRefusal, afterPaying, spendAction } from '../core/economy';
import { engagePair, isEngagedWith } from '../position/zones';
import { attackOptions, attackVars } from '../settings';

const attacksOf = (ctx: Resolution, id: string): Attack[] => (ctx.state.creatures[id]!.sheet as unknown as { attacks: Attack[] }).attacks;

/** 13A-WPN-3: the punch or kick every PC has: Str vs AC at -2, floor(level/2) d6 (+ d3 at odd levels) + Str x M. */
export function unarmedAttack(level: number): Attack {
  return {
    id: 'unarmed', name: 'Unarmed attack', kind: 'melee', vs: 'AC', ability: 'str', damage: unarmedDice(level), addAbility: true,
    damageType: 'weapon', action: 'standard', spell: false, closeQuarters: false, magical: false, basic: true, usage: 'at-will',
    maxTargets: 1, group: false, critExpansion: 0, critDoubling: [], penalty: -2, hit: [], triggers: [],
  };
}

/** 13A-WPN-5 (optional): with the GM's blessing a weapon rolls a bigger or smaller weapon's dice this once. */
function situational(ctx: Resolution, actorId: string, atk: Attack, options: Record<string, Json>): Attack {
  const die = options['swapDie'];
  if (die === undefined) return atk;
  if (!atk.weaponDie || typeof die !== 'string' || !['d4', 'd6', 'd8', 'd10', 'd12'].includes(die)) return ctx.reject('bad-swap', 'swapDie names a weapon die (d4-d12) for a weapon attack', '13A-WPN-5');
  const ok = ctx.ask({ key: '13a.situationalWeapon', to: { role: 'gm' }, about: actorId, text: `Does the story back ${atk.name} rolling ${die}s this time?`, options: [{ id: 'no', label: 'No' }, { id: 'yes', label: 'Yes' }], default: 'no' });
  if (ok !== 'yes') return atk;
  ctx.emit({ type: 'RuleApplied', ruleId: '13A-WPN-5', text: `${atk.name} uses ${die} damage dice this time`, creatureId: actorId });
  return { ...atk, weaponDie: die as Attack['weaponDie'] };
}

function requestFrom(ctx: Resolution, actorId: string, atk: Attack, targets: string[], options: Record<string, Json>): AttackRequest {
  const circ = options['circumstance'];
  return {
    actor: actorId, attack: atk, targets,
    mode: atk.action === 'interrupt' ? 'interrupt' : 'turn',
    ...(options['coupDeGrace'] === true ? { coupDeGrace: true } : {}),
    ...(circ === 'advantage' || circ === 'disadvantage' ? { circumstance: circ } : {}),
    ...(options['nonlethal'] === true ? { nonlethal: true } : {}),
  };
}

/** Every attack in the stat block is an action by its id; 'unarmed' and 'flexible' are always there. */
export function attackAction(ctx: Resolution, actorId: string, action: string, targets: string[], options: Record<string, Json>): boolean {
  const own = attacksOf(ctx, actorId);
  const pc = pcSheet(ctx.state.creatures[actorId]!);
  if (action === 'flexible') {
    // 13A-ATK-8/9: declared as flexible before the roll; the natural die picks which one.
    const flex = own.filter((a) => a.flexible !== undefined);
    if (!flex.length) ctx.reject('no-flexible-attacks', `${ctx.state.creatures[actorId]!.name} has no flexible attacks`, '13A-ATK-9');
    const kind = flex[0]!.kind;
    const basic = own.find((a) => a.basic && a.kind === kind && !a.flexible) ?? own.find((a) => a.kind === kind && !a.flexible) ?? (pc ? unarmedAttack(pc.level) : null);
    if (!basic) return ctx.reject('no-basic-attack', 'a flexible attack needs a basic attack of the same kind to fall back on', '13A-ATK-8');
    resolveAttack(ctx, { ...requestFrom(ctx, actorId, basic, targets, options), flexible: flex });
    return true;
  }
  const atk = own.find((a) => a.id === action) ?? (action === 'unarmed' && pc ? unarmedAttack(pc.level) : null);
  if (!atk) return false;
  if (atk.flexible !== undefined) ctx.reject('declare-flexible', `${atk.name} is a flexible attack: declare it with the 'flexible' action`, '13A-ATK-9');
  if (hasFlag(ctx.ruleset, ctx.state.creatures[actorId]!, 'confused')) confusedRedirect(ctx, actorId, atk, targets, options);
  else resolveAttack(ctx, requestFrom(ctx, actorId, situational(ctx, actorId, atk, options), targets, options));
  return true;
}

/**
 * 13A-COND-2: a confused creature's attack goes to one of its own nearby allies, chosen at random.
 * Whatever the dice pick, it is refused or allowed up front (`confusedAttackRefusal`: a limited power,
 * the attacker's conditions, the cost), so the query can answer before the roll; an ally the attack
 * cannot reach or may not target once picked wastes it (a note), rather than refusing the command.
 */
function confusedRedirect(ctx: Resolution, actorId: string, atk: Attack, _targets: string[], options: Record<string, Json>): void {
  const barred = confusedAttackRefusal(ctx.ruleset, ctx.state, actorId, atk);
  if (barred) ctx.reject(barred.code, barred.message, barred.ruleId);
  const me = ctx.state.creatures[actorId]!;
  const allies = ctx.state.creatureIds.filter((id) => id !== actorId && ctx.state.creatures[id]!.side === me.side && ctx.state.creatures[id]!.status !== 'dead');
  if (!allies.length) {
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-COND-2', text: `${me.name} is confused and has no ally to attack`, creatureId: actorId });
    return;
  }
  const pick = allies.length === 1 ? allies[0]! : allies[ctx.roll(`1d${allies.length}`, { roller: actorId, purpose: 'confused: random ally' }).total - 1]!;
  ctx.emit({ type: 'RuleApplied', ruleId: '13A-COND-2', text: `${me.name} is confused and attacks ${ctx.state.creatures[pick]!.name}`, creatureId: actorId });
  // A melee attack needs engagement: the move action goes to engaging the ally first, if one is left with the attack still paid for.
  if (atk.kind === 'melee' && !isEngagedWith(ctx.state, actorId, pick)) {
    if (actionRefusal(ctx, actorId, 'move') || attackCostRefusal(afterPaying(ctx, actorId, 'move'), actorId, atk)) {
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-COND-2', text: `${me.name} cannot reach ${ctx.state.creatures[pick]!.name}: no attack`, creatureId: actorId });
      return;
    }
    spendAction(ctx, actorId, 'move', '13A-COND-2');
    engagePair(ctx, actorId, pick);
  }
  const unfit = attackTargetRefusal(ctx.state, actorId, atk, pick);
  if (unfit) {
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-COND-2', text: `${me.name} turns on ${ctx.state.creatures[pick]!.name}, but ${unfit.message}: no attack`, creatureId: actorId });
    return;
  }
  resolveAttack(ctx, requestFrom(ctx, actorId, atk, [pick], options));
}

export const attackActions: Record<string, ActionHandler> = {};

export const attackModule: ThirteenModule = { id: 'attack', actions: attackActions, options: attackOptions, creatureVars: attackVars };
