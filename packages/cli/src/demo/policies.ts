// The demo's policies live in @fray/sim, shared by the demo and the simulator.
export { chooseCommand, demoPromptPolicy, isUp } from '@fray/sim';
