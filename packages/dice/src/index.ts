export { DiceError, DiceSyntaxError, DiceLimitError, ScriptedDiceError, DiceEntryNeeded } from './errors';
export type { DiceErrorCode } from './errors';
export { LIMITS } from './limits';

export type { DiceSource, ScriptedFace, RngState } from './source';
export { seeded, seededFromState, seededIndexed } from './seeded-source';
export type { SeededSource } from './seeded-source';
export { scripted } from './scripted-source';
export type { ScriptedSource } from './scripted-source';
export { entered } from './entered-source';
export type { EnteredSource } from './entered-source';

export type { DiceExpression, DiceTerm, DicePoolTerm, ConstantTerm, DiceKeep, KeepMode } from './expression';
export { isValidLabel } from './expression';
export { parseDice } from './parse-dice';
export { formatDice } from './format-dice';
export { scaleDiceCounts, addTerms, expressionOf } from './transforms';

export { compileDice, rollDice } from './compile-dice';
export type { CompiledDice } from './compile-dice';
export type { RollRecord, TermRecord, DiceTermRecord, ConstantTermRecord, RolledFace } from './roll-record';
export { describeRoll } from './describe-roll';

export { distribution } from './distribution';
export type { Distribution } from './distribution';
export type { Fraction } from './bigint-math';
