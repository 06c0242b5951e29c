// `npm run -w @fray/cli schema`: writes docs/scenario.schema.json from the zod schema.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths';
import { scenarioJsonSchemaText } from './schema';

export const SCHEMA_FILE = path.join(repoRoot, 'docs', 'scenario.schema.json');

fs.writeFileSync(SCHEMA_FILE, scenarioJsonSchemaText());
process.stdout.write(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}\n`);
