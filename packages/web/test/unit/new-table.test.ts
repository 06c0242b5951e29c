import { describe, expect, it } from 'vitest';
import { filterLibrary, freeSquare, libraryRequest, type LibraryEntry, type Pick } from '../../src/model/new-table';

const wolf: LibraryEntry = { ref: 'a5e/monsters/ashback-wolf.yaml', name: 'Ashback Wolf', kind: 'monster', level: 'HD 3', role: null, size: 'medium' };
const grunt: LibraryEntry = { ref: '13th-age/mire-grunt.yaml', name: 'Mire Grunt', kind: 'monster', level: 'level 1', role: 'mook', size: null };
const tessel: LibraryEntry = { ref: '13th-age/tessel.yaml', name: 'Tessel Varr', kind: 'pc', level: 'level 3', role: null, size: null };
const pick = (key: number, entry: LibraryEntry, more: Partial<Pick> = {}): Pick => ({ key, entry, name: entry.name, side: 'foes', controller: '', hidden: false, x: '', y: '', zone: '', ...more });

describe('new table form', () => {
  it('the filter keeps entries matching every word, in the name, kind, role or level', () => {
    expect(filterLibrary([wolf, grunt, tessel], '').map((e) => e.name)).toEqual(['Ashback Wolf', 'Mire Grunt', 'Tessel Varr']);
    expect(filterLibrary([wolf, grunt, tessel], 'MOOK').map((e) => e.name)).toEqual(['Mire Grunt']);
    expect(filterLibrary([wolf, grunt, tessel], 'level 3').map((e) => e.name)).toEqual(['Tessel Varr']);
    expect(filterLibrary([wolf, grunt, tessel], 'wolf hd').map((e) => e.name)).toEqual(['Ashback Wolf']);
    expect(filterLibrary([wolf, grunt, tessel], 'dragon')).toEqual([]);
  });

  it('newcomers take the first free square: the party from the west edge, foes from the east', () => {
    expect(freeSquare([], 'west', 10, 6)).toEqual({ x: 1, y: 0 });
    expect(freeSquare([pick(1, wolf, { x: '1', y: '0' })], 'west', 10, 6)).toEqual({ x: 1, y: 1 });
    expect(freeSquare([], 'east', 10, 6)).toEqual({ x: 8, y: 0 });
  });

  it('the request names each creature by its ref, leaves out what is default, and places by the map chosen', () => {
    const picks = [
      pick(1, tessel, { side: 'party', controller: 'seat-1', zone: 'the bridge' }),
      pick(2, grunt, { name: 'Grunt Boss', hidden: true, x: '3', y: '4' }),
    ];
    expect(libraryRequest('13th-age', 'zones', { width: 8, height: 8 }, picks, 'entered')).toEqual({
      ruleset: '13th-age', diceMode: 'entered', map: { zones: {} },
      creatures: [
        { ref: '13th-age/tessel.yaml', side: 'party', controller: 'seat-1', at: { zone: 'the bridge' } },
        { ref: '13th-age/mire-grunt.yaml', side: 'foes', name: 'Grunt Boss', hidden: true },
      ],
    });
    expect(libraryRequest('a5e', 'grid', { width: 8, height: 6 }, picks, 'seeded').creatures[1]).toEqual({ ref: '13th-age/mire-grunt.yaml', side: 'foes', name: 'Grunt Boss', hidden: true, at: { x: 3, y: 4 } });
    expect(libraryRequest('a5e', 'none', { width: 8, height: 6 }, picks, 'seeded')).toEqual({
      ruleset: 'a5e',
      creatures: [{ ref: '13th-age/tessel.yaml', side: 'party', controller: 'seat-1' }, { ref: '13th-age/mire-grunt.yaml', side: 'foes', name: 'Grunt Boss', hidden: true }],
    });
  });
});
