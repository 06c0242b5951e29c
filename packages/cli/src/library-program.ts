import type { Command } from 'commander';
import { contentListCommand, contentShowCommand, contentValidateCommand, type ContentOptions } from './commands/content';
import { encounterCommand } from './commands/encounter';
import { importCommand } from './commands/import';
import { importProgress } from './content/progress';
import { given } from './given-options';
import type { Io } from './program';
import type { CommandResult } from './result';

interface FilterFlags { library?: string; ruleset?: string; name?: string; cr?: string; level?: string; type?: string; json?: boolean }

const filterOf = (o: FilterFlags): ContentOptions => given({ library: o.library, ruleset: o.ruleset, name: o.name, cr: o.cr, level: o.level, type: o.type, json: o.json });

function withFilters(c: Command): Command {
  return c
    .option('--library <dir>', 'your library folder, besides scenarios/content (default ./fray-data/content)')
    .option('--ruleset <id>', 'only this ruleset: a5e, 13th-age, five-torches-deep')
    .option('--name <text>', 'names containing this')
    .option('--cr <cr>', "challenge rating, or a range: '1/4', '5', '1-5'")
    .option('--level <n>', '13th Age level or Hit Dice, or a range: 3, 2-4')
    .option('--type <type>', 'creature type: dragon, humanoid, undead …')
    .option('--json', 'print one JSON document');
}

/** `fray import` and `fray content …`: the stat block importers and the content library (docs/content.md). */
export function registerLibraryCommands(program: Command, io: Io, emit: (r: CommandResult, stderrOnFailure?: boolean) => void): void {
  program
    .command('import')
    .description('import stat blocks (Open5e v2 or v1 JSON, a 5etools bestiary, or pasted text) into a ruleset and write them into your library, with a report per creature')
    .argument('<file>', "the file you downloaded or pasted into ('-' reads standard input)")
    .option('--ruleset <id>', 'a5e (default for 5e sources), five-torches-deep, or 13th-age (13th Age text)')
    .option('--format <format>', 'auto (default), open5e-v2, open5e-v1, 5etools, text')
    .option('--out <dir>', 'the library folder to write into (default ./fray-data/content)')
    .option('--force', 'replace stat blocks already in the library')
    .option('--dry-run', 'import and report, write nothing')
    .option('--json', 'print one JSON document: every creature, its stat block and its report')
    .action((file: string, o: { ruleset?: string; format?: string; out?: string; force?: boolean; dryRun?: boolean; json?: boolean }) => {
      const progress = importProgress(io);
      const r = importCommand(file, { ...given({ ruleset: o.ruleset, format: o.format, out: o.out, force: o.force, dryRun: o.dryRun, json: o.json }), progress: progress.report });
      progress.done();
      emit(r, true);
    });

  program
    .command('encounter')
    .description("how deadly a party against 1, 2, … of one foe is, by simulation with the ruleset's rules, and how many make it hard")
    .requiredOption('--ruleset <id>', 'a5e, 13th-age, five-torches-deep')
    .requiredOption('--party <refs>', 'the party: stat block refs or files, comma-separated (your library first, then scenarios/content)')
    .requiredOption('--foe <ref>', "the foe's stat block ref or file")
    .option('--count <counts>', 'counts to try: 1-8 (default), or 2,4,6')
    .option('--win <p>', '"hard" = the party still wins at least this often (default 0.75)')
    .option('-n, --fights <n>', 'fights per count (default 200)')
    .option('--seed <seed>', 'seed (default "encounter")')
    .option('--library <dir>', 'your library folder (default ./fray-data/content)')
    .option('--json', 'print one JSON document')
    .action((o: { ruleset: string; party: string; foe: string; count?: string; win?: string; fights?: string; seed?: string; library?: string; json?: boolean }) => {
      const counts = o.count === undefined ? undefined : /^\d+-\d+$/.test(o.count)
        ? (() => { const [a, b] = o.count!.split('-').map(Number); return Array.from({ length: Math.max(0, b! - a! + 1) }, (_, i) => a! + i); })()
        : o.count.split(',').map((x) => Number(x.trim()));
      const progress = importProgress(io);
      emit(encounterCommand({
        ruleset: o.ruleset, party: o.party.split(',').map((s) => s.trim()).filter(Boolean), foe: o.foe,
        ...given({ counts, win: o.win === undefined ? undefined : Number(o.win), n: o.fights === undefined ? undefined : Number(o.fights), seed: o.seed, library: o.library, json: o.json }),
        progress: (d, t) => progress.report(d, t, 'counts'),
      }), true);
      progress.done();
    });

  const content = program.command('content').description('the content library: the repository\'s stat blocks and yours (list, show, validate)');
  withFilters(content.command('list').description('list stat blocks, searchable by name, ruleset, CR or level, type'))
    .action((o: FilterFlags) => emit(contentListCommand(filterOf(o)), true));
  withFilters(content.command('show').description('print one stat block file and what the library knows of it').argument('<ref-or-name>', "a ref such as a5e/monsters/gloam-rat, or a name"))
    .action((what: string, o: FilterFlags) => emit(contentShowCommand(what, filterOf(o)), true));
  withFilters(content.command('validate').description("check stat blocks with their ruleset's own validation (all of them, or the files given); exit 2 if any is invalid").argument('[files...]', 'stat block files (the ruleset from --ruleset or their folder)'))
    .action((files: string[], o: FilterFlags) => emit(contentValidateCommand(files, filterOf(o)), true));
}
