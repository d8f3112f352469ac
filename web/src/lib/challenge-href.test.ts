import { describe, expect, it } from 'vitest';
import { challengeHref } from './challenge-href.ts';

describe('challenge links', () => {
  it('adds https:// to a challenge link without a scheme', () => {
    expect(challengeHref('challenges.example/ci')).toBe('https://challenges.example/ci');
    expect(challengeHref('http://challenges.example/ci')).toBe('http://challenges.example/ci');
    expect(challengeHref(' https://x.example ')).toBe('https://x.example');
  });
});
