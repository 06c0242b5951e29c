import { describe, expect, it } from 'vitest';
import { itRunsEach, scenarioFiles } from './helpers';

const files = scenarioFiles('a5e');

describe('bundled A5E scenarios (scenarios/a5e)', () => {
  it('there is one per environment family, plus the demo, the one-on-one duel and the simulator standard 4v4', () => {
    expect(files).toEqual(['demo-forest.yaml', 'ditch-jump.yaml', 'duel-redcloak.yaml', 'forest-ambush.yaml', 'map-yard.yaml', 'sim-4v4.yaml', 'storm-crag.yaml', 'swamp-ferry.yaml']);
  });

  itRunsEach('a5e', files);
});
