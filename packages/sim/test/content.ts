import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const content = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenarios/content');

/** A stat block of the repository's content (scenarios/content/<folder>/<file>), as its YAML parses. */
export const contentBlock = (folder: string, file: string): Record<string, unknown> => parse(fs.readFileSync(path.join(content, folder, file), 'utf8')) as Record<string, unknown>;
