import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { demoCommand } from './commands/demo';
import { rollCommand } from './commands/roll';
import { runCommand } from './commands/run';
import { campaignCommand } from './commands/campaign';
import { simulateCommand } from './commands/simulate';
import { oddsCommand } from './commands/odds';
import { serveCommand } from './commands/serve';
import { closeOnSignals } from '@fray/server';
import { progressReporter } from './sim/progress';
import { registerLibraryCommands } from './library-program';
import { EXIT, type CommandResult } from './result';
import { given } from './given-options';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** long-running commands (`serve`) hand their work here; it settles with an exit code */
  background?(task: Promise<number>): void;
}

/** A commander parser for a TCP port. */
function port(v: string): number {
  if (!/^\d+$/.test(v) || Number(v) > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return Number(v);
}

/** `fray serve --durability`: what an acknowledged command survives (docs/server.md, ADR 0012). */
function durability(v: string): 'full' | 'normal' {
  if (v !== 'full' && v !== 'normal') throw new InvalidArgumentError("expected 'full' (an acknowledged command is on disk: it survives a power cut) or 'normal' (it survives the server process dying; a power cut may lose the last seconds of commands)");
  return v;
}

/** A commander parser for whole numbers of at least 1. */
function wholeNumber(v: string): number {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return Number(v);
}

/**
 * The `fray` program. Each action runs a command that returns its text and exit code; this only
 * parses arguments and prints. Returns the exit code (usage errors are 2, like other invalid input).
 */
export function runProgram(argv: string[], io: Io): number {
  let exitCode: number = EXIT.ok;
  const emit = (r: CommandResult, stderrOnFailure = false) => {
    if (r.output) (stderrOnFailure && r.exitCode !== 0 ? io.err : io.out)(r.output);
    if (r.errorOutput) io.err(r.errorOutput);
    exitCode = r.exitCode;
  };
  const program = new Command('fray')
    .description('Fray: a rules engine for d20 tabletop RPGs')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .showHelpAfterError('(run fray --help for usage)');

  program
    .command('run')
    .description('run a scenario file (one fight) or a campaign file (fights, rests and time in order), YAML or JSON: narration and a summary, or --json for one JSON document')
    .argument('<file>', 'the scenario or campaign file')
    .option('--json', 'print one JSON document: final state, every event, the result')
    .action((file: string, o: { json?: boolean }) => emit(runCommand(file, { json: o.json === true })));

  program
    .command('campaign')
    .description('play a campaign file: the party, rests and time between fights, fights written back into the party')
    .argument('<file>', 'the campaign file (YAML or JSON)')
    .option('--json', 'print one JSON document: the campaign state, every event, the fights, the result')
    .action((file: string, o: { json?: boolean }) => emit(campaignCommand(file, { json: o.json === true })));

  program
    .command('roll')
    .description('roll dice and show every face, or --exact for the exact distribution')
    .argument('<expr>', 'dice notation, e.g. "2d20kh1 + 5"')
    .option('--seed <seed>', 'seed, to reproduce a roll')
    .option('--exact', 'print the exact distribution with a histogram')
    .action((expr: string, o: { seed?: string; exact?: boolean }) =>
      emit(rollCommand(expr, given({ seed: o.seed, exact: o.exact })), true),
    );

  program
    .command('demo')
    .description('play a narrated demo fight (A5E: a forest road in a thunderstorm) with simple policies on both sides')
    .option('--seed <seed>', 'seed for the dice (default: the scenario seed)')
    .option('--scenario <file>', 'play another scenario file, e.g. scenarios/demo-mini.yaml (default: scenarios/a5e/demo-forest.yaml)')
    .option('--ruleset <id>', "play that ruleset's demo fight: a5e, mini, five-torches-deep, 13th-age")
    .action((o: { seed?: string; scenario?: string; ruleset?: string }) =>
      emit(demoCommand(given({ seed: o.seed, scenario: o.scenario, ruleset: o.ruleset }))),
    );

  program
    .command('simulate')
    .description('play a scenario many times with policies on every side: win odds, rounds, drop and death odds (a scenario with steps: odds from the state after them)')
    .argument('<scenario>', 'the scenario or campaign file')
    .option('-n, --fights <n>', 'how many fights (default 10000)', wholeNumber)
    .option('--seed <seed>', 'seed (default: the scenario seed); fight i uses (seed, i), so results do not depend on --workers')
    .option('--workers <w>', 'worker threads (default 1)', wholeNumber)
    .option('--json', 'print one JSON document')
    .option('--svg <file>', 'write an SVG histogram of rounds per fight')
    .option('--mode <mode>', "'fast' (default) or 'recorded' (every fight keeps its events)")
    .option('--engine', "play every fight on the engine, not the ruleset's compiled fight (slower; the same results)")
    .option('--record <file>', "write every fight's events to a file, one JSON line per fight (recorded mode)")
    .option('--target <strategy>', "who attackers go for: 'weakest' (default) or 'random'")
    .option('--policy <policy>', "'legal' (default: turns chosen from the rules' legal commands) or 'demo' (the narrated demo's turn policy: cheaper, weakest target)")
    .option('--max-rounds <r>', 'a fight still going after this many rounds is a draw (default 50)', wholeNumber)
    .option('--fight <id>', "a campaign file's fight to simulate (default: its first), from its start, the table as the file's steps before it leave it")
    .action((file: string, o: { fights?: number; seed?: string; workers?: number; json?: boolean; svg?: string; mode?: string; target?: string; policy?: string; maxRounds?: number; engine?: boolean; record?: string; fight?: string }) => {
      const bad = o.mode !== undefined && o.mode !== 'fast' && o.mode !== 'recorded' ? `--mode must be 'fast' or 'recorded', not '${o.mode}'`
        : o.target !== undefined && o.target !== 'weakest' && o.target !== 'random' ? `--target must be 'weakest' or 'random', not '${o.target}'`
        : o.policy !== undefined && o.policy !== 'legal' && o.policy !== 'demo' ? `--policy must be 'legal' or 'demo', not '${o.policy}'` : null;
      if (bad) return emit({ output: '', exitCode: EXIT.invalidInput, errorOutput: `fray simulate: ${bad}` });
      const progress = progressReporter(io);
      const r = simulateCommand(file, {
        ...given({
          n: o.fights, seed: o.seed, workers: o.workers, json: o.json, svg: o.svg,
          mode: o.mode as 'fast' | 'recorded' | undefined, target: o.target as 'weakest' | 'random' | undefined, policy: o.policy as 'legal' | 'demo' | undefined,
          maxRounds: o.maxRounds, engine: o.engine, record: o.record, fight: o.fight,
        }),
        progress: progress.report,
      });
      progress.done();
      emit(r, true);
    });

  program
    .command('odds')
    .description("the exact odds of one attack (no simulation): miss, hit, crit with and without advantage, and the damage after the target's defences")
    .argument('<scenario>', 'the scenario file (read after its steps, if any), or a campaign file (a fight as it begins: --fight)')
    .requiredOption('--attacker <id>', 'the attacking creature')
    .option('--attack <id>', "the attack's id (default: its first)")
    .requiredOption('--target <id>', 'the target')
    .option('--fight <id>', "a campaign file's fight (default: its first), as it begins")
    .option('--json', 'print one JSON document')
    .action((file: string, o: { attacker: string; attack?: string; target: string; json?: boolean; fight?: string }) =>
      emit(oddsCommand(file, { attacker: o.attacker, target: o.target, ...given({ attack: o.attack, json: o.json, fight: o.fight }) }), true),
    );

  program
    .command('serve')
    .description('run the table server: live tables over WebSocket and HTTP, stored in SQLite or PostgreSQL (docs/server.md)')
    .option('--host <host>', 'address to listen on (default 127.0.0.1; 0.0.0.0 for other devices on the network)')
    .option('--port <port>', 'port (default 4780)', port)
    .option('--data <dir>', 'folder for the SQLite database (default ./fray-data)')
    .option('--database <url>', 'a PostgreSQL database instead (postgres://user:password@host:port/db; default: DATABASE_URL if set)')
    .option('--durability <full|normal>', "SQLite: 'full' (default) writes each command to disk before acknowledging it, so it survives a power cut; 'normal' acknowledges once the operating system has it (it survives the server dying, not a power cut) and answers faster on a disk whose syncs are slow", durability)
    .option('--demo', 'make the demo table (or reuse it) and print the GM link and each seat link')
    .option('--admin-token <token>', 'the token that creates tables over HTTP (default: FRAY_ADMIN_TOKEN, else a fresh one printed once)')
    .action((o: { host?: string; port?: number; data?: string; database?: string; durability?: 'full' | 'normal'; demo?: boolean; adminToken?: string }) => {
      const task = serveCommand({
        ...(o.host ? { host: o.host } : {}), ...(o.port !== undefined ? { port: o.port } : {}), ...(o.data ? { data: o.data } : {}),
        ...(o.durability ? { durability: o.durability } : {}),
        ...(o.database ? { database: o.database } : {}), ...(o.demo ? { demo: true } : {}), ...(o.adminToken ? { adminToken: o.adminToken } : {}),
      })
        .then(({ server, lines }) => {
          io.out(lines.join('\n'));
          // SIGTERM/SIGINT: finish the commands in flight, tell the clients to connect again, then exit 0.
          closeOnSignals(server, { log: (line) => io.err(line) });
          return EXIT.ok as number;
        }, (err: unknown) => {
          io.err(`fray serve: ${err instanceof Error ? err.message : String(err)}`);
          return EXIT.invalidInput as number;
        });
      if (io.background) io.background(task);
    });

  registerLibraryCommands(program, io, emit);

  try {
    program.parse(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' ? EXIT.ok : EXIT.invalidInput;
    }
    throw err;
  }
  return exitCode;
}
