// A scratch server for looking at the screens by hand: `npx tsx packages/web/test/e2e/dev-server.ts [scenario] [entered]`.
import { sourceFromScenarioFile, startTestServer } from './harness';

const file = process.argv[2] ?? 'scenarios/a5e/demo-forest.yaml';
const s = await startTestServer({ port: Number(process.env['PORT'] ?? 4781) });
const t = await s.table(sourceFromScenarioFile(file, process.argv[3] === 'entered' ? { diceMode: 'entered' } : {}));
console.log(JSON.stringify(t));
