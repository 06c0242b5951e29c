// A table server in its own process, for the crash and cluster tests: `node crash-child.mjs <dataDir> [postgres://…]`.
// Prints `READY <url>` once it listens; the tests kill it with SIGKILL at random moments, or stop it
// with SIGTERM as fray serve is stopped (a graceful shutdown, then exit 0).
import process from 'node:process';
import { closeOnSignals } from '../src/shutdown';
import { startServer } from './helpers';

const database = process.argv[3];
const limits = { maxMessagesPerSecond: 10_000, ...(JSON.parse(process.env['FRAY_TEST_LIMITS'] ?? '{}') as Record<string, number>) };
const server = await startServer(process.argv[2]!, { limits, ...(database ? { database: { url: database } } : {}) });
closeOnSignals(server);
process.stdout.write(`READY ${server.url}\n`);
