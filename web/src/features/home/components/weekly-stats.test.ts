import { describe, expect, it } from 'vitest';
import { rankingSentence } from './weekly-stats.tsx';

describe('ranking sentence', () => {
  it('congratulates the first and counts the positions behind for the others', () => {
    expect(rankingSentence(1)).toBe('You are in 1º place, congratulations!');
    expect(rankingSentence(2)).toBe('You are 1 positions behind the first place');
    expect(rankingSentence(4)).toBe('You are 3 positions behind the first place');
  });
});
