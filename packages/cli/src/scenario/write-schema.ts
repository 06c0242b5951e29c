// `npm run -w @fray/cli schema`: writes docs/scenario.schema.json and docs/campaign.schema.json from the zod schemas.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths';
import { campaignJsonSchemaText } from './campaign-schema';
import { scenarioJsonSchemaText } from './schema';

export const SCHEMA_FILE = path.join(repoRoot, 'docs', 'scenario.schema.json');
export const CAMPAIGN_SCHEMA_FILE = path.join(repoRoot, 'docs', 'campaign.schema.json');

fs.writeFileSync(SCHEMA_FILE, scenarioJsonSchemaText());
fs.writeFileSync(CAMPAIGN_SCHEMA_FILE, campaignJsonSchemaText());
process.stdout.write(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)} and ${path.relative(process.cwd(), CAMPAIGN_SCHEMA_FILE)}\n`);
