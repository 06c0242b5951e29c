import { attackOdds, OddsError, type AttackOdds } from '@fray/sim';
import { EXIT, type CommandResult } from '../result';
import { ScenarioError } from '../scenario/load';
import { loadSimFile, SimSetupError } from '../sim/load-sim-scenario';

export interface OddsCommandOptions {
  attacker: string;
  attack?: string;
  target: string;
  json?: boolean;
  /** a campaign file's fight (default: its first) */
  fight?: string;
  cwd?: string;
}

const pct = (p: number) => `${(100 * p).toFixed(2)} %`;

/**
 * `fray odds <scenario> --attacker A [--attack X] --target T`: the exact odds of one attack (no
 * simulation): miss, hit and crit chances with and without advantage, and the damage distribution
 * after the target's defences. A scenario with steps is read after them (the target's current HP,
 * conditions that change its AC or defences).
 */
export function oddsCommand(file: string, opts: OddsCommandOptions): CommandResult {
  let odds: AttackOdds;
  let names: Record<string, string>;
  try {
    const { scenario } = loadSimFile({ file, cwd: opts.cwd ?? process.cwd(), ...(opts.fight !== undefined ? { fight: opts.fight } : {}) });
    names = Object.fromEntries(scenario.start.creatureIds.map((id) => [id, scenario.start.creatures[id]!.name]));
    odds = attackOdds(scenario.ruleset, scenario.start, opts.attacker, opts.attack, opts.target);
  } catch (err) {
    if (err instanceof ScenarioError || err instanceof OddsError) return { output: '', exitCode: EXIT.invalidInput, errorOutput: `fray odds: ${err.message}` };
    if (err instanceof SimSetupError) return { output: '', exitCode: err.exitCode, errorOutput: `fray odds: ${err.message}` };
    throw err;
  }
  if (opts.json) {
    return {
      output: JSON.stringify({ ...odds, modes: odds.modes.map((m) => ({ ...m, damage: [...m.damage].map(([damage, p]) => ({ damage, p })) })) }, null, 2),
      exitCode: EXIT.ok,
    };
  }
  const p = odds.profile;
  const modes = odds.modes;
  const header = ['', ...modes.map((m) => m.mode)];
  const rows: string[][] = [
    ['miss', ...modes.map((m) => pct(m.miss))],
    ['hit', ...modes.map((m) => pct(m.hit))],
    ['critical hit', ...modes.map((m) => pct(m.crit))],
    ['mean damage', ...modes.map((m) => m.meanDamage.toFixed(3))],
    [`drops it (≥ ${odds.targetHp})`, ...modes.map((m) => pct(m.drop))],
  ];
  const all = [...new Set(modes.flatMap((m) => [...m.damage.keys()]))].sort((a, b) => a - b);
  const dist = all.map((d) => [String(d), ...modes.map((m) => pct(m.damage.get(d) ?? 0))]);
  const widths = header.map((h, i) => Math.max(h.length, ...[...rows, ...dist].map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[0]!) : c.padStart(widths[i]!))).join('  ');
  const def = odds.defences;
  const defText = [def.immune.length ? `immune ${def.immune.join(', ')}` : '', def.resist.length ? `resists ${def.resist.join(', ')}` : '', def.vulnerable.length ? `vulnerable to ${def.vulnerable.join(', ')}` : ''].filter(Boolean).join('; ');
  const out = [
    `${names[opts.attacker] ?? opts.attacker}: ${p.attackName} (${p.bonus >= 0 ? '+' : ''}${p.bonus} to hit, ${p.damage}${/[a-z]$/.test(p.damage) ? '' : ` ${p.damageType}`}) against ${names[opts.target] ?? opts.target} (AC ${p.ac}, ${odds.targetHp} HP${defText ? `; ${defText}` : ''})`,
    `exact: natural 1 misses, natural ${p.critFrom}${p.critFrom < 20 ? '+' : ''} is a critical hit (${p.crit === 'doubleTotal' ? 'damage doubled' : 'damage dice doubled'})`,
    '',
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(line),
    '',
    line(['damage', ...modes.map((m) => m.mode)]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...dist.map(line),
  ];
  return { output: out.join('\n'), exitCode: EXIT.ok };
}
