import { z } from 'zod';
import { statBlockSchema as a5eStatBlock } from '@fray/ruleset-a5e';
import { statBlockSchema as thirteenthAgeStatBlock } from '@fray/ruleset-13th-age';
import { statBlockSchema as ftdStatBlock } from '@fray/ruleset-five-torches-deep';

/** Each ruleset's stat block schema, as the ruleset itself checks it (`parseStatBlock`). */
const schemas: Record<string, { schema: z.ZodType; title: string }> = {
  a5e: { schema: a5eStatBlock as z.ZodType, title: 'Fray A5E stat block' },
  '13th-age': { schema: thirteenthAgeStatBlock as z.ZodType, title: 'Fray 13th Age stat block' },
  'five-torches-deep': { schema: ftdStatBlock as z.ZodType, title: 'Fray Five Torches Deep stat block' },
};

export const statBlockSchemaRulesets = Object.keys(schemas);

/** The file each schema is published as in docs/. */
export const statBlockSchemaFile = (ruleset: string): string => `statblock-${ruleset}.schema.json`;

/**
 * A JSON Schema for editors (draft 2020-12, the input a file may write: defaults optional). Checks
 * the schema cannot express (dice notation read by our parser, condition ids, duplicate attack ids) are
 * the ruleset's validation's: `fray content validate` runs it.
 */
export function statBlockJsonSchemaText(ruleset: string): string {
  const s = schemas[ruleset];
  if (!s) throw new Error(`no stat block schema for '${ruleset}'`);
  const json = z.toJSONSchema(s.schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  const { $schema, ...rest } = json;
  return `${JSON.stringify({ $schema, title: s.title, ...rest }, null, 2)}\n`;
}
