import { z } from 'zod';
import type { CommandDef, EncounterStateCore, Json, Resolution, SettingSchemas } from '@fray/engine';
import type { A5eModule } from '../module';
import { roundStartHook } from '../flow/phases';
import { approximateRolls, diceLeft, expectedRolls, paces, type Pace } from './pace';

/** Encounter var holding every countdown's description; the pool itself is the counter `countdown:<id>`. */
export const COUNTDOWNS = 'a5e.countdowns';
/** Encounter option: countdowns running from the start, `[{ id, dice, pace?, label?, stoppable? }]`. */
export const COUNTDOWN_OPTION = 'countdowns';
export const poolCounter = (id: string): string => `countdown:${id}`;

export interface Countdown {
  label: string;
  pace: Pace;
  /** some deadlines cannot be stopped: the cliff will crumble (A5E-COUNT-4) */
  stoppable: boolean;
  startDice: number;
  status: 'running' | 'expired' | 'stopped';
}

export function countdowns(state: EncounterStateCore): Record<string, Countdown> {
  return { ...((state.vars[COUNTDOWNS] as unknown as Record<string, Countdown> | undefined) ?? {}) };
}

/** Dice left in a countdown's pool (0 once expired). */
export function poolSize(state: EncounterStateCore, id: string): number {
  return state.counters[poolCounter(id)] ?? 0;
}

function save(ctx: Resolution, id: string, c: Countdown): void {
  ctx.emit({ type: 'VarSet', creatureId: null, key: COUNTDOWNS, value: { ...countdowns(ctx.state), [id]: c } as unknown as Json });
}

const paceText = (pace: Pace) => (pace === 'slow' ? 'slow: 6s leave' : pace === 'medium' ? 'medium: 5s and 6s leave' : 'fast: 4s, 5s and 6s leave');

/** A countdown begins: a pool of d6s the Narrator sizes, at a pace (A5E-COUNT-1, A5E-COUNT-2, A5E-COUNT-6). */
export function startCountdown(ctx: Resolution, id: string, dice: number, opts: { pace?: Pace; label?: string; stoppable?: boolean } = {}): void {
  if (countdowns(ctx.state)[id]?.status === 'running') ctx.reject('countdown-exists', `countdown '${id}' is already running`, 'A5E-COUNT-2');
  const pace = opts.pace ?? 'slow';
  const c: Countdown = { label: opts.label ?? id, pace, stoppable: opts.stoppable ?? true, startDice: dice, status: 'running' };
  save(ctx, id, c);
  ctx.emit({ type: 'CounterSet', key: poolCounter(id), value: dice, ruleId: 'A5E-COUNT-2' });
  ctx.emit({
    type: 'RuleApplied', ruleId: 'A5E-COUNT-7',
    text: `countdown "${c.label}" starts with ${dice}d6 (${paceText(pace)}); expected to last about ${approximateRolls(dice, pace)} rounds (${expectedRolls(dice, pace).toFixed(1)})`,
  });
}

function expire(ctx: Resolution, id: string, c: Countdown): void {
  save(ctx, id, { ...c, status: 'expired' });
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COUNT-5', text: `countdown "${c.label}" expires: the last die is gone and the event happens` });
}

/** Start-of-round step (a) (A5E-ROUND-2, A5E-COUNT-3): every running pool is rolled and its removed dice leave. */
export function rollCountdowns(ctx: Resolution): void {
  const all = countdowns(ctx.state);
  for (const id of Object.keys(all).sort()) {
    const c = all[id]!;
    const n = poolSize(ctx.state, id);
    if (c.status !== 'running' || n <= 0) continue;
    const record = ctx.roll(`${n}d6`, { roller: null, purpose: `countdown ${c.label}` });
    const faces = record.terms.flatMap((t) => (t.kind === 'dice' ? t.faces.map((f) => f.value) : []));
    const left = diceLeft(faces, c.pace);
    ctx.emit({ type: 'CounterSet', key: poolCounter(id), value: left, ruleId: 'A5E-COUNT-3' });
    ctx.emit({
      type: 'RuleApplied', ruleId: c.pace === 'slow' ? 'A5E-COUNT-3' : 'A5E-COUNT-6',
      text: `countdown "${c.label}" rolls ${faces.join(', ')}: ${n - left} removed (${paceText(c.pace)}), ${left} left`,
    });
    if (left === 0) expire(ctx, id, c);
  }
}

const id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'countdown ids are kebab-case').max(100);
const pace = z.enum(['slow', 'medium', 'fast']);
const countdownListSchema = z.array(z.object({ id, dice: z.number().int().min(1).max(100), pace: pace.optional(), label: z.string().optional(), stoppable: z.boolean().optional() }).strict());

const startSchema = z.object({
  type: z.literal('a5e.countdown.start'), id, dice: z.number().int().min(1).max(100), pace: pace.optional(),
  label: z.string().min(1).max(200).optional(), stoppable: z.boolean().optional(),
}).strict();
const adjustSchema = z.object({ type: z.literal('a5e.countdown.adjust'), id, dice: z.number().int().min(-100).max(100).refine((n) => n !== 0, 'add or remove at least one die') }).strict();
const stopSchema = z.object({ type: z.literal('a5e.countdown.stop'), id }).strict();

function running(ctx: Resolution, cid: string, ruleId: string): Countdown {
  const c = countdowns(ctx.state)[cid];
  if (!c) return ctx.reject('unknown-countdown', `no countdown '${cid}'`, ruleId);
  if (c.status !== 'running') return ctx.reject('countdown-over', `countdown '${cid}' has already ${c.status}`, ruleId);
  return c;
}

const start: CommandDef<z.infer<typeof startSchema>> = {
  type: 'a5e.countdown.start', schema: startSchema, gmOnly: true,
  run: (ctx, cmd) => startCountdown(ctx, cmd.id, cmd.dice, {
    ...(cmd.pace ? { pace: cmd.pace } : {}), ...(cmd.label ? { label: cmd.label } : {}), ...(cmd.stoppable !== undefined ? { stoppable: cmd.stoppable } : {}),
  }),
};

/** The Narrator rules that something the participants did adds or removes dice (A5E-COUNT-4). */
const adjust: CommandDef<z.infer<typeof adjustSchema>> = {
  type: 'a5e.countdown.adjust', schema: adjustSchema, gmOnly: true,
  run(ctx, cmd) {
    const c = running(ctx, cmd.id, 'A5E-COUNT-4');
    const before = poolSize(ctx.state, cmd.id);
    const after = Math.max(0, before + cmd.dice);
    ctx.emit({ type: 'CounterSet', key: poolCounter(cmd.id), value: after, ruleId: 'A5E-COUNT-4' });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COUNT-4', text: `countdown "${c.label}": ${cmd.dice > 0 ? `${cmd.dice} added` : `${before - after} removed`}, ${after} left` });
    if (after === 0) expire(ctx, cmd.id, c);
  },
};

/** A way to stop the countdown entirely, when it can be stopped at all (A5E-COUNT-4). */
const stop: CommandDef<z.infer<typeof stopSchema>> = {
  type: 'a5e.countdown.stop', schema: stopSchema, gmOnly: true,
  run(ctx, cmd) {
    const c = running(ctx, cmd.id, 'A5E-COUNT-4');
    if (!c.stoppable) ctx.reject('countdown-unstoppable', `countdown "${c.label}" cannot be stopped`, 'A5E-COUNT-4');
    save(ctx, cmd.id, { ...c, status: 'stopped' });
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-COUNT-4', text: `countdown "${c.label}" is stopped with ${poolSize(ctx.state, cmd.id)} dice left` });
  },
};

/** Countdowns listed in the encounter options start with the fight, so round 1 rolls them. */
function fromOptions(ctx: Resolution): void {
  const list = ctx.state.options[COUNTDOWN_OPTION];
  if (list === undefined) return;
  // Checked when the encounter was created (the module's declared option); a log from before that check may still hold a bad one.
  const parsed = countdownListSchema.safeParse(list);
  if (!parsed.success) return ctx.reject('bad-option', `options.countdowns: ${parsed.error.issues[0]!.message}`, 'A5E-COUNT-2');
  for (const c of parsed.data) {
    startCountdown(ctx, c.id, c.dice, { ...(c.pace ? { pace: c.pace } : {}), ...(c.label ? { label: c.label } : {}), ...(c.stoppable !== undefined ? { stoppable: c.stoppable } : {}) });
  }
}

export const countdownModule: A5eModule = {
  id: 'a5e.countdown',
  options: { [COUNTDOWN_OPTION]: countdownListSchema as unknown as SettingSchemas[string] },
  hooks: [
    { stage: 'encounter.start', id: 'a5e.countdown.options', priority: 50, ruleId: 'A5E-COUNT-2', run: (ctx) => fromOptions(ctx) },
    roundStartHook('countdown', 'a5e.countdown.roll', (ctx) => rollCountdowns(ctx), 'A5E-COUNT-3'),
  ],
  commands: [start, adjust, stop] as unknown as CommandDef[],
};

export { paces };
