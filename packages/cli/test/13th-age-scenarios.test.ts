import { describe, expect, it } from 'vitest';
import { itRunsEach, scenarioFiles } from './helpers';

const files = scenarioFiles('13th-age');

describe('bundled 13th Age scenarios (scenarios/13th-age)', () => {
  it('lists them', () => {
    expect(files).toEqual(['bog-bridge.yaml', 'demo-marsh.yaml', 'engaged-start.yaml', 'intercept.yaml', 'lantern-crypt.yaml', 'reed-mob.yaml']);
  });

  itRunsEach('13th-age', files);
});
