// The demo's A5E policies live in @fray/sim, shared by the demo and the simulator.
export { a5eDemoPromptPolicy, chooseA5eCommand } from '@fray/sim';
