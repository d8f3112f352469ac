import { describe, expect, it } from 'vitest';
import { AUTO_LEVEL, pickStartLevel, type QualityLevel } from './use-hls.ts';

const levels = (...heights: number[]): QualityLevel[] => heights.map((height, index) => ({ index, height, label: `${height}p` }));

describe('start quality (member spec, section 9)', () => {
  it('takes the preferred rendition when the stream has it', () => {
    expect(pickStartLevel(levels(480, 720, 1080), 720)).toBe(1);
    expect(pickStartLevel(levels(480, 720, 1080), 480)).toBe(0);
  });

  it('falls back to the highest rendition below, else Auto', () => {
    expect(pickStartLevel(levels(480), 720)).toBe(0);
    expect(pickStartLevel(levels(1080), 720)).toBe(AUTO_LEVEL);
  });
});
