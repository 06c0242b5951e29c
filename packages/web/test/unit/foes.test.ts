import { describe, expect, it } from 'vitest';
import { foeSetups, importedFoeId, type FoeDraft } from '../../src/model/foes';

const wolf = { ref: 'a5e/monsters/ashback-wolf.yaml', name: 'Ashback Wolf', kind: 'monster', level: 'CR 1', role: null, size: null };
const hound = { ref: '', name: 'Rust Hound', kind: 'monster', level: 'CR 1', role: null, size: null };

describe('foes for the next fight', () => {
  it('library foes go by ref, imported ones carry their stat block and id; hidden is sent only when set', () => {
    const foes: FoeDraft[] = [
      { key: 1, entry: wolf, hidden: false },
      { key: 2, entry: hound, hidden: true, imported: { id: 'rust-hound', sheet: { name: 'Rust Hound' } } },
    ];
    expect(foeSetups(foes)).toEqual([{ ref: wolf.ref }, { id: 'rust-hound', side: 'foes', sheet: { name: 'Rust Hound' }, hidden: true }]);
  });

  it('an imported foe\'s id steers clear of the party and the other foes', () => {
    expect(importedFoeId('rust-hound', ['brannoc'])).toBe('rust-hound');
    expect(importedFoeId('rust-hound', ['rust-hound', 'rust-hound-2'])).toBe('rust-hound-3');
  });
});
