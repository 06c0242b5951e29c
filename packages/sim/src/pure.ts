// Everything but the worker pool: no Node APIs, so a browser can play fights on one thread (runRange + summarize).
export type { PolicyRng, SimPolicies } from './policy/types';
export { chooseCommand, demoPromptPolicy, isUp } from './policy/demo';
export { a5eDemoPromptPolicy, chooseA5eCommand } from './policy/demo-a5e';
export { chooseFtdCommand, ftdDemoPromptPolicy } from './policy/demo-ftd';
export { choose13aCommand, thirteenthAgeDemoPromptPolicy } from './policy/demo-13a';
export { legalTurnPolicy, legalPolicies, type TargetStrategy } from './policy/legal';
export { demoPoliciesFor, simPoliciesFor } from './policy/registry';
export { scenarioFromSetup, shapeOf, totalPolicy, simRuntime, type SimScenario, type SimShape } from './core/scenario';
export { fightDiceState, fightPolicyRng } from './core/seed';
export { wilson } from './core/wilson';
export { emptyTally, mergeTally, type Tally } from './core/tally';
export { FightObserver } from './core/observer';
export { playFight, fightStart, recordedAuthority, fastAuthority, DEFAULT_MAX_ROUNDS, type SimMode, type FightAuthority, type AuthorityFactory } from './core/fight';
export { runRange, authorities, type RangeOptions } from './core/run-range';
export { summarize, type SimResult, type Odds } from './core/summary';
export { attackOdds, type AttackOdds, type ModeOdds, type RollModeName } from './odds/attack-odds';
export { attackProfile, OddsError, type AttackProfile } from './odds/profile';
export { leanA5eTurnPolicy } from './policy/lean-a5e';
