import { describe, expect, it } from 'vitest';
import { bufferedEndAt } from './use-media-state.ts';

describe('buffered range of the seek bar', () => {
  it('ends where the range holding the playhead ends', () => {
    expect(bufferedEndAt([[0, 12]], 4)).toBe(12);
    expect(
      bufferedEndAt(
        [
          [0, 6],
          [20, 40],
        ],
        25,
      ),
    ).toBe(40);
  });

  it('shows nothing ahead when the playhead sits outside every range', () => {
    expect(bufferedEndAt([[0, 6]], 10)).toBe(10);
    expect(bufferedEndAt([], 0)).toBe(0);
  });
});
