import { z } from 'zod';
import type { CommandDef, Json, Resolution } from '@fray/engine';
import type { A5eModule } from '../module';
import { MOVEMENT } from '../core/economy';
import { AIR_CAUSE, loseAir, regainAir } from '../hazards/breath';
import { UNDERWATER, breathesWater } from '../hazards/underwater';
import { isObject } from '../objects/object-sheet';
import { sheetOf } from '../sheet/derived';
import { fallFromSky, flySpeed, isAirborne } from './aloft';
import { astralFlySpeed } from './astral';
import { ROLLING_FEET, ROLLING_SCENE, leaveStragglers, OUT_OF_ACTION, rollingScene, setOutOfAction, setUpRollingScene } from './rolling';
import { activeScenarios, inScenario, SCENARIO_KEY, scenarioIds, type ScenarioId } from './scenario';
import { waterScenarioModifiers } from './suspended-water';
import { scenariosOptions } from '../settings';

/** Encounter var: scenarios whose entry steps have run, so starting combat does not run them twice. */
const ENTERED = 'scenarioEntered';

const labels: Record<ScenarioId, string> = {
  'suspended-water': 'suspended in deep water', aloft: 'aloft in the sky', astral: 'adrift in the Astral Plane', rolling: 'rolling movement',
};
const suspended: ScenarioId[] = ['suspended-water', 'aloft', 'astral'];

function entered(ctx: Resolution): ScenarioId[] {
  const v = ctx.state.vars[ENTERED];
  return Array.isArray(v) ? (v.filter((x) => typeof x === 'string') as ScenarioId[]) : [];
}

function creatures(ctx: Resolution): string[] {
  return ctx.state.creatureIds.filter((id) => !isObject(ctx.state.creatures[id]!) && ctx.state.creatures[id]!.status !== 'dead');
}

/** What changes as a scenario begins (A5E-SCEN-1, A5E-SCEN-2, and each scenario's own rules). */
function enter(ctx: Resolution, s: ScenarioId): void {
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SCEN-1', text: `Turn-Based Action scenario: ${labels[s]}` });
  if (suspended.includes(s)) ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SCEN-2', text: `${labels[s]}: participants move freely in any direction, up and down included, with no ground beneath them` });
  if (s === 'suspended-water') {
    // Breath and suffocation apply in the scenario as anywhere underwater (A5E-SCEN-15, A5E-ENV-7).
    for (const id of creatures(ctx)) if (!breathesWater(ctx.state.creatures[id]!)) loseAir(ctx, id, { holdBreath: true, cause: 'drowning', ruleId: 'A5E-SCEN-15' });
  }
  if (s === 'astral') {
    const speeds = creatures(ctx).map((id) => `${ctx.state.creatures[id]!.name} ${astralFlySpeed(sheetOf(ctx.state.creatures[id]!))} ft`);
    ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SCEN-10', text: `thought moves them: fly speeds ${speeds.join(', ') || 'none'}` });
  }
  if (s === 'rolling') setUpRollingScene(ctx);
}

function leave(ctx: Resolution, s: ScenarioId): void {
  ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SCEN-1', text: `the scenario ends: no longer ${labels[s]}` });
  if (s === 'suspended-water') {
    for (const id of creatures(ctx)) {
      const c = ctx.state.creatures[id]!;
      if (c.vars[AIR_CAUSE] === 'drowning' && c.vars[UNDERWATER] !== true) regainAir(ctx, id);
    }
  }
  if (s === 'rolling') {
    ctx.emit({ type: 'VarSet', creatureId: null, key: ROLLING_SCENE, value: null });
    for (const id of ctx.state.creatureIds) if (ctx.state.creatures[id]!.vars[OUT_OF_ACTION] === true) setOutOfAction(ctx, id, false, 'the scenario ended');
  }
}

/** Runs the entry steps of scenarios in force that have not yet run, and the exit steps of those gone. */
function sync(ctx: Resolution): void {
  const before = entered(ctx);
  const now = activeScenarios(ctx.state);
  for (const s of before) if (!now.includes(s)) leave(ctx, s);
  const fresh = now.filter((s) => !before.includes(s));
  if (fresh.length || before.some((s) => !now.includes(s))) ctx.emit({ type: 'VarSet', creatureId: null, key: ENTERED, value: now as Json });
  for (const s of fresh) enter(ctx, s);
}

const setScenarioSchema = z.object({ type: z.literal('a5e.setScenario'), scenario: z.array(z.enum(scenarioIds)).max(4) }).strict();
/** The Narrator switches scenarios mid-encounter (the `scenario` option sets them at the start). */
const setScenario: CommandDef<z.infer<typeof setScenarioSchema>> = {
  type: 'a5e.setScenario', schema: setScenarioSchema, gmOnly: true,
  run(ctx, cmd) {
    const list = [...new Set(cmd.scenario)];
    ctx.emit({ type: 'VarSet', creatureId: null, key: SCENARIO_KEY, value: list });
    sync(ctx);
  },
};

const outSchema = z.object({ type: z.literal('a5e.rolling.outOfAction'), creatureId: z.string().min(1), out: z.boolean() }).strict();
/** The Narrator leaves a straggler behind, or brings it back when the action returns to it (A5E-SCEN-14). */
const outOfAction: CommandDef<z.infer<typeof outSchema>> = {
  type: 'a5e.rolling.outOfAction', schema: outSchema, gmOnly: true,
  run(ctx, cmd) {
    const c = ctx.state.creatures[cmd.creatureId];
    if (!c) return ctx.reject('unknown-creature', `no creature '${cmd.creatureId}'`);
    if (!inScenario(ctx.state, 'rolling')) ctx.reject('not-rolling', 'this encounter is not a rolling-movement scenario', 'A5E-SCEN-14');
    if ((c.vars[OUT_OF_ACTION] === true) === cmd.out) ctx.reject('no-change', `${c.name} is already ${cmd.out ? 'out of' : 'in'} the action`, 'A5E-SCEN-14');
    setOutOfAction(ctx, c.id, cmd.out, 'the Narrator says so');
  },
};

export const scenariosModule: A5eModule = {
  id: 'a5e.scenarios',
  options: scenariosOptions,
  hooks: [
    { stage: 'encounter.start', id: 'a5e.scenarios.enter', priority: 5, ruleId: 'A5E-SCEN-1', run: (ctx) => sync(ctx) },
    {
      // Before the round's world actions and turns: stragglers drop out (A5E-SCEN-14).
      stage: 'round.start', id: 'a5e.scenarios.stragglers', priority: 50, ruleId: 'A5E-SCEN-14',
      run: (ctx) => { if (inScenario(ctx.state, 'rolling')) leaveStragglers(ctx); },
    },
    {
      // The whole scene travels its base speed each round; positions are relative to it (AMB-28).
      stage: 'round.end', id: 'a5e.scenarios.sceneMoves', priority: 50, ruleId: 'A5E-SCEN-12',
      run: (ctx) => {
        const scene = inScenario(ctx.state, 'rolling') ? rollingScene(ctx.state) : null;
        if (scene) ctx.emit({ type: 'CounterSet', key: ROLLING_FEET, value: (ctx.state.counters[ROLLING_FEET] ?? 0) + scene.baseSpeed, ruleId: 'A5E-SCEN-12' });
      },
    },
    {
      // After the budget resets: adrift, its fly speed of thought is its movement (A5E-SCEN-10). A pool a
      // condition already stopped (grappled) stays stopped.
      stage: 'turn.start', id: 'a5e.scenarios.astralSpeed', priority: 10, ruleId: 'A5E-SCEN-10',
      run: (ctx, p) => {
        const c = ctx.state.creatures[p.creatureId]!;
        if (!inScenario(ctx.state, 'astral') || isObject(c)) return;
        if ((c.resources[MOVEMENT] ?? 0) === 0 && sheetOf(c).speed.walk > 0) return;
        const speed = astralFlySpeed(sheetOf(c));
        for (const key of [MOVEMENT, 'movementMaxFeet']) {
          if ((key === MOVEMENT || key in c.resources) && c.resources[key] !== speed) ctx.emit({ type: 'ResourceSet', creatureId: c.id, key, value: speed, ruleId: 'A5E-SCEN-10' });
        }
      },
    },
    {
      stage: 'turn.start', id: 'a5e.scenarios.aloftNoFly', priority: 10, ruleId: 'A5E-SCEN-7',
      run: (ctx, p) => {
        if (isAirborne(ctx.state, p.creatureId) && flySpeed(ctx.state.creatures[p.creatureId]!) === 0) fallFromSky(ctx, p.creatureId, 'without a fly speed');
      },
    },
    {
      // Rolling movement: the world-action phase is each participant's own, at the start of its turn (A5E-SCEN-11; 200 is that step in flow/phases.ts).
      stage: 'turn.start', id: 'a5e.scenarios.rollingWorld', priority: 200, ruleId: 'A5E-SCEN-11',
      run: (ctx, p) => {
        const c = ctx.state.creatures[p.creatureId]!;
        if (!inScenario(ctx.state, 'rolling') || isObject(c)) return;
        ctx.emit({ type: 'RuleApplied', ruleId: 'A5E-SCEN-11', text: `world actions phase for ${c.name} alone`, creatureId: c.id });
      },
    },
    {
      stage: 'condition.added', id: 'a5e.scenarios.aloftKnockdown', priority: 60, ruleId: 'A5E-SCEN-7',
      run: (ctx, p) => {
        const id = p.condition.conditionId;
        if ((id === 'prone' || id === 'restrained') && isAirborne(ctx.state, p.creatureId)) fallFromSky(ctx, p.creatureId, id === 'prone' ? 'knocked prone' : 'restrained');
      },
    },
    { stage: 'test.modifiers', id: 'a5e.scenarios.water', priority: 20, ruleId: 'A5E-SCEN-15', run: waterScenarioModifiers },
  ],
  commands: [setScenario, outOfAction] as unknown as CommandDef[],
};
