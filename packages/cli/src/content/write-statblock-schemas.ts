// `npm run -w @fray/cli schema`: writes docs/statblock-<ruleset>.schema.json from each ruleset's zod schema.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths';
import { statBlockJsonSchemaText, statBlockSchemaFile, statBlockSchemaRulesets } from './statblock-schemas';

for (const ruleset of statBlockSchemaRulesets) {
  const file = path.join(repoRoot, 'docs', statBlockSchemaFile(ruleset));
  fs.writeFileSync(file, statBlockJsonSchemaText(ruleset));
  process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}
