import { checkGatheringStages } from '@fray/engine';

// Every test runs with the gathering check on (ADR 0010): a test.modifiers hook that emits, spends,
// refuses, rolls or asks throws GatheringStageActedError in whichever test runs it.
checkGatheringStages(true);
