import { betweenFightsCommand, endUntilRest, rulesetCommand, runStage, type Resolution } from '@fray/engine';
import { z } from 'zod';
import { pcSheet } from '../core/sheets';
import { REST_VARS, expendedOf, recordFlights, recordLoss, restingPcs, setExpended } from './state';
import { rechargeRoll } from './quick-rest';

const id = z.string().min(1).max(200);

/** Heal-up pacing: regular 3, hard 4, very hard 6; a heal-up is due at 12 (13A-REST-6 proposed tracker). */
export const BATTLE_POINTS = { regular: 3, hard: 4, 'very-hard': 6 } as const;
export const HEAL_UP_AT = 12;

const rateSchema = z.object({ type: z.literal('13a.rateBattle'), difficulty: z.enum(['regular', 'hard', 'very-hard']) }).strict();

/** GM: how hard the battle just over was, towards the next full heal-up (13A-REST-6). */
export const rateBattleCommand = rulesetCommand({
  gmOnly: true, schema: rateSchema,
  run: (ctx, c) => {
    const points = (typeof ctx.state.vars[REST_VARS.healUpPoints] === 'number' ? (ctx.state.vars[REST_VARS.healUpPoints] as number) : 0) + BATTLE_POINTS[c.difficulty];
    ctx.emit({ type: 'VarSet', creatureId: null, key: REST_VARS.healUpPoints, value: points });
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-REST-6', text: `a ${c.difficulty} battle: ${points} of ${HEAL_UP_AT} towards a full heal-up${points >= HEAL_UP_AT ? ' (one is due)' : ''}` });
  },
});

const consequences = [
  { id: 'foes-advance', label: 'The enemy gains ground' },
  { id: 'ally-lost', label: 'An ally or contact is lost' },
  { id: 'opportunity-lost', label: 'An opportunity slips away' },
  { id: 'rival-prospers', label: 'A rival or icon profits' },
];

const healUpSchema = z.object({
  type: z.literal('13a.fullHealUp'),
  creatureIds: z.array(id).min(1).max(50).optional(),
  /** why now: earned (the GM says so), or early, as a retreat or by choice; asked when left out and not yet due */
  reason: z.enum(['earned', 'retreat', 'ahead-of-time']).optional(),
}).strict();

/**
 * GM: a full heal-up (13A-REST-5): hit points to the sheet's maximum (lasting wounds gone), every
 * recovery back, the no-recovery penalty gone, every expended power back. Taken before it is due it
 * costs a campaign loss: a battered party's retreat (13A-REST-7) or resting ahead of time (13A-REST-8).
 */
export const fullHealUpCommand = betweenFightsCommand('a full heal-up', {
  schema: healUpSchema,
  run: (ctx, c) => {
    const pcs = restingPcs(ctx, c.creatureIds);
    const points = typeof ctx.state.vars[REST_VARS.healUpPoints] === 'number' ? (ctx.state.vars[REST_VARS.healUpPoints] as number) : 0;
    const reason = c.reason ?? (points >= HEAL_UP_AT ? 'earned' : (ctx.ask({
      key: '13a.healUp.early', to: { role: 'gm' }, about: null, ruleId: '13A-REST-6',
      text: `The party has ${points} of ${HEAL_UP_AT} heal-up points. Grant the full heal-up anyway?`,
      options: [
        { id: 'cancel', label: 'No heal-up yet' }, { id: 'earned', label: 'Yes: they earned it' },
        { id: 'retreat', label: 'They retreat too battered to go on (campaign loss)' }, { id: 'ahead-of-time', label: 'They choose to rest early (campaign loss)' },
      ],
      default: 'cancel',
    }) as 'cancel' | 'earned' | 'retreat' | 'ahead-of-time'));
    if (reason === 'cancel') {
      ctx.emit({ type: 'RuleApplied', ruleId: '13A-REST-6', text: 'no full heal-up yet' });
      return;
    }
    recordFlights(ctx);
    if (reason !== 'earned') {
      const ruleId = reason === 'retreat' ? '13A-REST-7' : '13A-REST-8';
      const consequence = ctx.ask({
        key: '13a.campaignLoss', to: { role: 'gm' }, about: null, ruleId,
        text: `A full heal-up ${reason === 'retreat' ? 'after retreating' : 'ahead of time'} is a campaign loss. How does the party's situation worsen?`,
        options: consequences, default: 'foes-advance',
      }) as string;
      recordLoss(ctx, { ruleId, reason: reason === 'retreat' ? 'retreated to heal up' : 'healed up ahead of time', consequence: consequences.find((x) => x.id === consequence)?.label ?? consequence, encounterId: null });
    }
    ctx.emit({ type: 'RuleApplied', ruleId: '13A-REST-5', text: `a full heal-up: ${pcs.map((x) => ctx.state.creatures[x]!.name).join(', ')}` });
    for (const cid of pcs) healUp(ctx, cid);
    ctx.emit({ type: 'VarSet', creatureId: null, key: REST_VARS.healUpPoints, value: 0 });
  },
});

function healUp(ctx: Resolution, cid: string): void {
  const c = ctx.state.creatures[cid]!;
  const pc = pcSheet(c)!;
  const before = c.hp;
  if (c.hp !== pc.hp || c.maxHp !== pc.hp) ctx.emit({ type: 'HitPointsSet', target: cid, hp: pc.hp, maxHp: pc.hp, reason: 'a full heal-up', ruleId: '13A-REST-5' });
  // Staggered (and the like) follow the hit points back up (13A-HP-3).
  if (pc.hp !== before) runStage(ctx, 'hp.changed', { creatureId: cid, before, after: pc.hp, damage: 0, source: null, data: {} });
  if ((c.resources['recoveries'] ?? 0) !== pc.recoveries) ctx.emit({ type: 'ResourceSet', creatureId: cid, key: 'recoveries', value: pc.recoveries, ruleId: '13A-REST-5' });
  if ((c.tallies['phantomRecoveries'] ?? 0) > 0) ctx.emit({ type: 'TallySet', creatureId: cid, key: 'phantomRecoveries', value: 0, ruleId: '13A-HEAL-4' });
  if (Object.keys(expendedOf(c)).length) setExpended(ctx, cid, {});
  endUntilRest(ctx, cid, ['full', 'long'], '13A-REST-5');
}

const specialSchema = z.object({
  type: z.literal('13a.specialHealing'),
  creatureIds: z.array(id).min(1).max(50).optional(),
  /** one or two recoveries back (13A-REST-9) */
  recoveries: z.number().int().min(0).max(2),
  /** extra recharge rolls each PC may make for its expended recharge powers */
  rechargeRolls: z.number().int().min(0).max(5).default(0),
}).strict();

/** GM: an unusual source of healing before a heal-up is due: a recovery or two back and extra recharge rolls (13A-REST-9). */
export const specialHealingCommand = betweenFightsCommand('special healing', {
  schema: specialSchema,
  run: (ctx, c) => {
    for (const cid of restingPcs(ctx, c.creatureIds)) specialFor(ctx, cid, c.recoveries, c.rechargeRolls);
  },
});

function specialFor(ctx: Resolution, cid: string, recoveries: number, rolls: number): void {
  const c = ctx.state.creatures[cid]!;
  const pc = pcSheet(c)!;
  const now = c.resources['recoveries'] ?? 0;
  const after = Math.min(pc.recoveries, now + recoveries);
  if (after !== now) ctx.emit({ type: 'ResourceSet', creatureId: cid, key: 'recoveries', value: after, ruleId: '13A-REST-9' });
  ctx.emit({ type: 'RuleApplied', ruleId: '13A-REST-9', text: `special healing: ${c.name} regains ${after - now} recover${after - now === 1 ? 'y' : 'ies'}${rolls ? ` and may make ${rolls} extra recharge roll${rolls > 1 ? 's' : ''}` : ''}`, creatureId: cid });
  const exp = { ...expendedOf(c) };
  let left = rolls;
  for (const [power, e] of Object.entries(exp)) {
    if (left <= 0) break;
    if (e.kind !== 'recharge') continue;
    left--;
    if (rechargeRoll(ctx, cid, power, e, '13A-REST-9')) delete exp[power];
  }
  if (rolls) setExpended(ctx, cid, exp);
}

const lossSchema = z.object({ type: z.literal('13a.campaignLoss'), reason: z.string().min(1).max(300), consequence: z.string().min(1).max(300) }).strict();

/** GM: any other campaign loss, written on the campaign (13A-SPEC-4, 13A-REST-7, -8). */
export const campaignLossCommand = rulesetCommand({
  gmOnly: true, schema: lossSchema,
  run: (ctx, c) => {
    recordLoss(ctx, { ruleId: '13A-SPEC-4', reason: c.reason, consequence: c.consequence, encounterId: null });
  },
});
