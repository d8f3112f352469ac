import { describe, expect, it } from 'vitest';
import { seal, unseal } from './secret-box.ts';

const KEY = 'a-test-key-of-at-least-thirty-two-characters';

describe('secret box', () => {
  it('seals a secret so that it reads back with the key only', () => {
    const sealed = seal(KEY, 'client-secret-123');
    expect(sealed).not.toContain('client-secret-123');
    expect(seal(KEY, 'client-secret-123')).not.toBe(sealed);
    expect(unseal(KEY, sealed)).toBe('client-secret-123');
    expect(unseal('another-key-of-at-least-thirty-two-characters', sealed)).toBeNull();
  });

  it('refuses altered or malformed text', () => {
    const [version, iv, tag, body] = seal(KEY, 'client-secret-123').split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(unseal(KEY, [version, iv, tag, flipped].join('.'))).toBeNull();
    expect(unseal(KEY, 'v1.only-two')).toBeNull();
    expect(unseal(KEY, 'plain text')).toBeNull();
  });
});
