import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths';
import { scenarioJsonSchema, scenarioJsonSchemaText } from '../src/scenario/schema';
import { campaignJsonSchemaText } from '../src/scenario/campaign-schema';

describe('docs/scenario.schema.json', () => {
  it('is what the zod schema generates now (regenerate with `npm run -w @fray/cli schema`)', () => {
    const committed = fs.readFileSync(path.join(repoRoot, 'docs', 'scenario.schema.json'), 'utf8');
    expect(committed).toBe(scenarioJsonSchemaText());
  });

  it('docs/campaign.schema.json is what the campaign format generates now (same command)', () => {
    const committed = fs.readFileSync(path.join(repoRoot, 'docs', 'campaign.schema.json'), 'utf8');
    expect(committed).toBe(campaignJsonSchemaText());
    const schema = JSON.parse(committed) as { required: string[]; properties: Record<string, unknown> };
    expect(schema.required).toEqual(['ruleset', 'creatures']);
    expect(Object.keys(schema.properties)).toEqual(['$schema', 'ruleset', 'seed', 'clock', 'dice', 'options', 'creatures', 'steps', 'expect']);
  });

  it('describes the scenario: required fields, steps, a creature needs a statBlock or a ref', () => {
    const schema = scenarioJsonSchema() as { required: string[]; properties: Record<string, { items?: { oneOf?: unknown } }> };
    expect(schema.required).toEqual(['ruleset', 'creatures']);
    expect(Object.keys(schema.properties)).toEqual(['$schema', 'ruleset', 'modules', 'seed', 'dice', 'options', 'map', 'creatures', 'steps', 'expect']);
    expect(schema.properties['creatures']!.items!.oneOf).toEqual([{ required: ['statBlock'] }, { required: ['ref'] }]);
  });
});
