import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientMessageSchema, protocolJsonSchema } from '../src/protocol';

describe('docs/protocol.schema.json', () => {
  it('is the schema generated from protocol.ts (regenerate: npm run -w @fray/server schema)', () => {
    const committed = fs.readFileSync(new URL('../../../docs/protocol.schema.json', import.meta.url), 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(JSON.stringify(protocolJsonSchema())));
  });

  it('parses a hello and names the field of a wrong one', () => {
    expect(clientMessageSchema.safeParse({ type: 'hello', token: 'x', since: { table: 3 } }).success).toBe(true);
    const bad = clientMessageSchema.safeParse({ type: 'hello', token: 5 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['token']);
  });
});
