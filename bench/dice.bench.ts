// Math.random is the baseline here and only here: the pure layers never use it.
import { compileDice, distribution, seeded } from '@fray/dice';
import type { DiceSource } from '@fray/dice';
import { consume, duration, perSecond, printTable, timePair } from './harness';
import type { Row } from './harness';

const DRAWS = 5_000_000;
const ROLLS = 2_000_000;
const SAMPLES = 1_000_000;

function drawsRow(): Row {
  const source = seeded('bench d20');
  const mathRandom = (): void => {
    let s = 0;
    for (let i = 0; i < DRAWS; i++) s += Math.floor(Math.random() * 20) + 1;
    consume(s);
  };
  const seededDraws = (): void => {
    let s = 0;
    for (let i = 0; i < DRAWS; i++) s += source.next(20);
    consume(s);
  };
  const [seededMs, baseMs] = timePair(seededDraws, mathRandom);
  return { name: 'seeded d20 draws vs Math.random', measured: perSecond(DRAWS, seededMs), baseline: perSecond(DRAWS, baseMs), ratio: baseMs / seededMs, goal: 1 };
}

function compiledRow(text: string, handCoded: (source: DiceSource) => number): Row {
  const compiled = compileDice(text);
  const a = seeded('bench compiled');
  const b = seeded('bench compiled');
  const viaCompiled = (): void => {
    let s = 0;
    for (let i = 0; i < ROLLS; i++) s += compiled.rollTotal(a);
    consume(s);
  };
  const viaHand = (): void => {
    let s = 0;
    for (let i = 0; i < ROLLS; i++) s += handCoded(b);
    consume(s);
  };
  const [compiledMs, handMs] = timePair(viaCompiled, viaHand);
  return { name: `compiled ${text} rollTotal vs hand-coded`, measured: perSecond(ROLLS, compiledMs), baseline: perSecond(ROLLS, handMs), ratio: handMs / compiledMs, goal: 0.2 };
}

function exactRow(text: string): Row {
  const compiled = compileDice(text);
  const source = seeded('bench monte carlo');
  const monteCarlo = (): void => {
    const counts = new Float64Array(compiled.max - compiled.min + 1);
    for (let i = 0; i < SAMPLES; i++) counts[compiled.rollTotal(source) - compiled.min]! += 1;
    consume(counts[0] ?? 0);
  };
  // One exact call takes microseconds, so time a batch and divide.
  const BATCH = 5000;
  const exact = (): void => {
    for (let i = 0; i < BATCH; i++) consume(distribution(text).weights.length);
  };
  const [batchMs, mcMs] = timePair(exact, monteCarlo, 7, 2);
  const exactMs = batchMs / BATCH;
  return { name: `exact distribution('${text}') vs 10^6-sample Monte Carlo`, measured: duration(exactMs), baseline: duration(mcMs), ratio: mcMs / exactMs, goal: 1000 };
}

export default function run(): void {
  const rows = [
    drawsRow(),
    compiledRow('1d20+5', (s) => s.next(20) + 5),
    compiledRow('4d6dl1', (s) => {
      const a = s.next(6);
      const b = s.next(6);
      const c = s.next(6);
      const d = s.next(6);
      return a + b + c + d - Math.min(a, b, c, d);
    }),
    exactRow('4d6dl1'),
    exactRow('2d20kh1+1d8+5'),
    exactRow('8d6'),
  ];
  printTable(rows);
}
