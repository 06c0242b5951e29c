import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FrayEventBody } from '@fray/engine';
import { simulate, wilson, type Odds, type SimResult } from '@fray/sim';
import { DEFAULT_LIBRARY, LIBRARY_RULESETS, listLibrary } from '../content/library';
import { contentDir } from '../paths';
import { EXIT, type CommandResult } from '../result';
import { ScenarioError } from '../scenario/load';
import { loadSimFile, SimSetupError } from '../sim/load-sim-scenario';

export interface EncounterOptions {
  ruleset: string;
  /** stat block refs or files of the party (a ref is looked up in your library, then scenarios/content) */
  party: string[];
  /** the foe's stat block ref or file */
  foe: string;
  /** counts of the foe to try, lowest first (default 1..8) */
  counts?: number[];
  /** "hard" means the party still wins at least this often (default 0.75) */
  win?: number;
  n?: number;
  seed?: string;
  library?: string;
  json?: boolean;
  cwd?: string;
  /** called after each count is played (counts done, counts to try) */
  progress?: (done: number, total: number) => void;
}

/** One count of foes played n times: the party's chances, with 95 % Wilson intervals. */
export interface EncounterRow {
  foes: number;
  partyWins: Odds;
  draws: Odds;
  meanRounds: number;
  /** fights in which at least one PC dropped (0 hit points or worse), and in which at least one died */
  anyPcDrops: Odds;
  anyPcDies: Odds;
  /** the PC most likely to drop, and to die */
  worstDrop: { name: string } & Odds;
  worstDeath: { name: string } & Odds;
}

/**
 * The count to suggest: the most foes with which the party still wins at least `win` of the fights
 * (by the point estimate); null when even one foe is too many.
 */
export function suggestCount(rows: EncounterRow[], win: number): number | null {
  let best: number | null = null;
  for (const r of rows) if (r.partyWins.p >= win) best = best === null ? r.foes : Math.max(best, r.foes);
  return best;
}

/**
 * A stat block file for a ref: a path, a ref inside a library (`a5e/monsters/ashback-wolf`, with or without
 * the ruleset), or a bare name that one entry of the ruleset in the library or scenarios/content ends with
 * (`ashback-wolf`). A bare name two entries share is refused rather than guessed.
 */
function resolveRef(ref: string, ruleset: string, library: string, cwd: string): { file: string } | { error: string } {
  const tries = [path.resolve(cwd, ref), path.resolve(cwd, library, ref), path.resolve(cwd, library, ruleset, ref), path.resolve(contentDir, ref), path.resolve(contentDir, ruleset, ref)];
  const file = tries.flatMap((t) => [t, `${t}.yaml`]).find((t) => fs.existsSync(t) && fs.statSync(t).isFile());
  if (file) return { file };
  const bare = ref.replace(/\.ya?ml$/, '');
  const refOf = (e: { ref: string }) => e.ref.replace(/\.ya?ml$/, '');
  const found = listLibrary(library, cwd).filter((e) => e.ruleset === ruleset && (refOf(e) === `${ruleset}/${bare}` || refOf(e).endsWith(`/${bare}`)));
  if (found.length === 1) return { file: path.resolve(cwd, found[0]!.file) };
  if (found.length > 1) return { error: `'${ref}' names ${found.length} stat blocks (${found.map((e) => e.ref).join(', ')}); give one of these refs` };
  return { error: `no stat block '${ref}' (looked in ${library}, scenarios/content and the working folder)` };
}

const pct = (o: Odds) => `${(100 * o.p).toFixed(1)} % (${(100 * o.ci[0]).toFixed(1)}-${(100 * o.ci[1]).toFixed(1)})`;

const oddsOf = (k: number, n: number): Odds => ({ count: k, p: n ? k / n : 0, ci: wilson(k, n) });

/**
 * Whether a PC dropped and whether one died in a fight, from the fight's event log: a drop as the
 * simulator's observer counts it (damage to 0 or below, or any status but conscious), a death as a
 * `dead` status.
 */
function pcFates(events: readonly FrayEventBody[], partyIds: Set<string>): { dropped: boolean; died: boolean } {
  let dropped = false;
  let died = false;
  for (const e of events) {
    if (e.type === 'DamageApplied' && partyIds.has(e.target) && e.hpAfter <= 0) dropped = true;
    else if (e.type === 'StatusSet' && partyIds.has(e.creatureId) && e.status !== 'conscious') {
      dropped = true;
      if (e.status === 'dead') died = true;
    }
  }
  return { dropped, died };
}

function rowOf(foes: number, r: SimResult, partyIds: Set<string>, any: { drops: number; deaths: number }): EncounterRow {
  const party = r.sides.find((s) => s.side === 'party')!;
  const pcs = r.creatures.filter((c) => partyIds.has(c.id));
  const worst = (k: 'drop' | 'death') => pcs.reduce((a, c) => (c[k].p > a[k].p ? c : a), pcs[0]!);
  const wd = worst('drop');
  const wx = worst('death');
  return { foes, partyWins: party, draws: r.draws, meanRounds: r.rounds.mean, anyPcDrops: oddsOf(any.drops, r.n), anyPcDies: oddsOf(any.deaths, r.n), worstDrop: { name: wd.name, ...wd.drop }, worstDeath: { name: wx.name, ...wx.death } };
}

/**
 * `fray encounter`: how deadly a party against 1, 2, … of one foe is, by simulation with the ruleset's
 * own rules (the simulator's policies on both sides), and the count that makes it "hard" for the GM's
 * target chance of a party win.
 */
export function encounterCommand(o: EncounterOptions): CommandResult {
  const cwd = o.cwd ?? process.cwd();
  const fail = (m: string): CommandResult => ({ output: '', exitCode: EXIT.invalidInput, errorOutput: `fray encounter: ${m}` });
  if (!(LIBRARY_RULESETS as readonly string[]).includes(o.ruleset)) return fail(`no ruleset '${o.ruleset}'; rulesets: ${LIBRARY_RULESETS.join(', ')}`);
  if (!o.party.length) return fail('give the party: --party ref[,ref…]');
  const counts = o.counts ?? [1, 2, 3, 4, 5, 6, 7, 8];
  if (!counts.length || counts.some((c) => !Number.isInteger(c) || c < 1 || c > 30)) return fail('--count takes whole numbers from 1 to 30, e.g. 1-6 or 2,4,6');
  const win = o.win ?? 0.75;
  if (!(win > 0 && win < 1)) return fail('--win is a chance between 0 and 1, e.g. 0.75');
  const library = o.library ?? DEFAULT_LIBRARY;
  const files: string[] = [];
  for (const ref of [...o.party, o.foe]) {
    const found = resolveRef(ref, o.ruleset, library, cwd);
    if ('error' in found) return fail(found.error);
    files.push(found.file);
  }
  const partyFiles = files.slice(0, -1);
  const foeFile = files.at(-1)!;
  const n = o.n ?? 200;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fray-encounter-'));
  const rows: EncounterRow[] = [];
  const partyIds = new Set(partyFiles.map((_, i) => `pc-${i + 1}`));
  try {
    for (const k of [...counts].sort((a, b) => a - b)) {
      const creatures = [
        ...partyFiles.map((f, i) => `  - { id: pc-${i + 1}, side: party, controller: seat-${i + 1}, ref: ${JSON.stringify(f)} }`),
        ...Array.from({ length: k }, (_, i) => `  - { id: foe-${i + 1}, side: foes, ref: ${JSON.stringify(foeFile)} }`),
      ];
      const file = path.join(dir, `encounter-${k}.yaml`);
      fs.writeFileSync(file, `ruleset: ${o.ruleset}\nseed: ${JSON.stringify(o.seed ?? 'encounter')}\ncreatures:\n${creatures.join('\n')}\n`);
      let loaded;
      try {
        loaded = loadSimFile({ file, cwd: dir });
      } catch (err) {
        if (err instanceof ScenarioError || err instanceof SimSetupError) return fail(err.message.replace(file, `(${k} foes)`));
        throw err;
      }
      // Every fight on the engine with its log, so "any PC drops" is counted per fight (the simulator
      // tallies each creature on its own, not their union).
      const any = { drops: 0, deaths: 0 };
      const r = simulate(loaded.scenario, {
        n, seed: o.seed ?? 'encounter', workers: 1, mode: 'recorded', engine: true,
        onRecord: (rec) => {
          const f = pcFates(rec.events, partyIds);
          if (f.dropped) any.drops++;
          if (f.died) any.deaths++;
        },
      });
      const row = rowOf(k, r, partyIds, any);
      rows.push(row);
      o.progress?.(rows.length, counts.length);
      // More foes only make it harder: stop once the party wins less than a tenth as often as asked.
      if (row.partyWins.ci[1] < win / 10) break;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const suggestion = suggestCount(rows, win);
  if (o.json) return { output: JSON.stringify({ ruleset: o.ruleset, party: o.party, foe: o.foe, n, win, rows, hard: suggestion }, null, 2), exitCode: EXIT.ok };
  const lines = [`${o.party.length} PC${o.party.length === 1 ? '' : 's'} against ${path.basename(foeFile).replace(/\.ya?ml$/, '')} (${o.ruleset}), ${n} fights per count (95 % intervals):`, ''];
  const table = [['foes', 'party wins', 'a PC drops', 'a PC dies', 'rounds', 'draws', 'likeliest to drop'], ...rows.map((r) => [String(r.foes), pct(r.partyWins), pct(r.anyPcDrops), pct(r.anyPcDies), r.meanRounds.toFixed(1), pct(r.draws), `${r.worstDrop.name} ${pct(r.worstDrop)}`])];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((t) => t[i]!.length)));
  lines.push(...table.map((t) => t.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()));
  lines.push('', suggestion === null ? `hard (the party wins at least ${Math.round(100 * win)} %): even one is more than that` : `hard (the party wins at least ${Math.round(100 * win)} %): ${suggestion} of them`);
  return { output: lines.join('\n'), exitCode: EXIT.ok };
}
