import { describe, expect, it } from 'vitest';
import { matchingSearch } from './text-search.ts';

describe('matchingSearch', () => {
  it('keeps the items holding every word of a search, ignoring case and accents', () => {
    const members = [{ name: 'Laura Gómez' }, { name: 'Ingrid Larsen' }, { name: 'Lars Gomez' }];
    const byName = (search: string) => matchingSearch(members, search, (m) => m.name).map((m) => m.name);
    expect(matchingSearch(members, '  ', (m) => m.name)).toBe(members);
    expect(byName('GOMEZ')).toEqual(['Laura Gómez', 'Lars Gomez']);
    expect(byName('lar gó')).toEqual(['Lars Gomez']);
    expect(byName('lars')).toEqual(['Ingrid Larsen', 'Lars Gomez']);
    expect(byName('nobody')).toEqual([]);
  });
});
