export * from './errors';
export * from './report';
export * from './import';
export { untag } from './sources/fivetools';
export { parseAttackSentence, parseSaveSentence, usageInName, multiattackCount } from './text/five-e';
export { libraryRef } from './library-ref';
