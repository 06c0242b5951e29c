import { checkStaleStateReads } from '@fray/engine';

// Every test runs with the stale-state check on: a rule that reads state it held across ctx.ask throws
// StaleStateError when its command is resumed after a prompt (packages/engine/src/resolve/stale-check.ts).
checkStaleStateReads(true);
