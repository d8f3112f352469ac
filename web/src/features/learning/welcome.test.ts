import { describe, expect, it } from 'vitest';
import { takeWelcome } from './welcome.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('welcome toast', () => {
  it('shows once per sign-in and again after the next sign-in', () => {
    const storage = memoryStorage();
    expect(takeWelcome('token-of-the-first-sign-in-aaaaaaaaaaaa', storage)).toBe(true);
    expect(takeWelcome('token-of-the-first-sign-in-aaaaaaaaaaaa', storage)).toBe(false);
    expect(takeWelcome('token-of-the-second-sign-in-bbbbbbbbbbb', storage)).toBe(true);
  });
});
