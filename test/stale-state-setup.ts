import { checkStaleStateReads } from '@fray/engine';

// Every test runs with the stale-state check on (ADR 0007): a rule that holds a state object across
// ctx.ask or an entered roll fails whichever test resumes it, not only the tests written to find it.
checkStaleStateReads(true);
