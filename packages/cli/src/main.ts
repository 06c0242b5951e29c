import { runProgram } from './program';
import { EXIT } from './result';

// The `fray` entry point (bin/fray.mjs imports this): run the program, print, set the exit code.
try {
  process.exitCode = runProgram(process.argv.slice(2), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    background: (task) => void task.then((code) => {
      if (code !== EXIT.ok) process.exitCode = code;
    }),
  });
} catch (err) {
  process.stderr.write(`fray: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = EXIT.internal;
}
