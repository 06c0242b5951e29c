// A table server in its own process, for the crash test: `node --import tsx crash-child.ts <dataDir>`.
// Prints `READY <url>` once it listens; the test kills it with SIGKILL at random moments.
import process from 'node:process';
import { startServer } from './helpers';

const server = await startServer(process.argv[2]!, { limits: { maxMessagesPerSecond: 10_000 } });
process.stdout.write(`READY ${server.url}\n`);
