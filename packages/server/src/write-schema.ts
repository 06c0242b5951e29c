// `npm run -w @fray/server schema`: writes docs/protocol.schema.json from the zod schemas in protocol.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { protocolJsonSchema } from './protocol';

const file = fileURLToPath(new URL('../../../docs/protocol.schema.json', import.meta.url));
fs.writeFileSync(file, JSON.stringify(protocolJsonSchema(), null, 2) + '\n');
process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
