import { describe, expect, it } from 'vitest';
import { tieNote } from './ranking-ties.ts';

const REACHED_FIRST = 'reachedFirst';
const REACHED_LATER = 'reachedLater';

describe('ranking ties', () => {
  it('says who of people with the same points reached them first, and nothing for the untied', () => {
    const rows = [{ points: 300 }, { points: 250 }, { points: 250 }, { points: 250 }, { points: 100 }];
    expect(rows.map((_, i) => tieNote(rows, i))).toEqual([null, REACHED_FIRST, REACHED_LATER, REACHED_LATER, null]);
  });

  it('gives the leader the note when the second has as many points', () => {
    const rows = [{ points: 120 }, { points: 120 }];
    expect(tieNote(rows, 0)).toBe(REACHED_FIRST);
    expect(tieNote(rows, 1)).toBe(REACHED_LATER);
  });

  it('notes no tie among members without points', () => {
    const rows = [{ points: 10 }, { points: 0 }, { points: 0 }];
    expect(rows.map((_, i) => tieNote(rows, i))).toEqual([null, null, null]);
  });
});
