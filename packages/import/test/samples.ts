import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A sample file written for these tests (none is a published stat block). */
export const sample = (name: string): string => fs.readFileSync(path.join(here, 'samples', name), 'utf8');
export const samplePath = (name: string): string => path.join(here, 'samples', name);
