import { countOf } from '@mm/contract';
import { describe, expect, it } from 'vitest';

describe('countOf', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(countOf(1, 'video')).toBe('1 video');
    expect(countOf(0, 'video')).toBe('0 videos');
    expect(countOf(2, 'day')).toBe('2 days');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
    expect(countOf(1200, 'member')).toBe('1,200 members');
  });
});
