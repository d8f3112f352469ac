import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
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

describe('SSO_SECRET_KEY, SSO_ALLOW_HTTP and SSO_ALLOW_PRIVATE', () => {
  const production = { NODE_ENV: 'production', EVIDENCE_KEY: 'an-evidence-key-of-at-least-thirty-two-characters' } as const;

  it('has a development key, http and private-address issuers outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).sso).toEqual({ secretKey: expect.any(String), allowHttp: true, allowPrivate: true });
    // Production starts without it (connections then cannot be saved: 503), never with the development key.
    expect(loadConfig(production).sso).toEqual({ secretKey: null, allowHttp: false, allowPrivate: false });
    const key = 'a-production-sso-key-of-at-least-32-chars';
    expect(loadConfig({ ...production, SSO_SECRET_KEY: key, SSO_ALLOW_HTTP: 'true', SSO_ALLOW_PRIVATE: 'true' }).sso).toEqual({
      secretKey: key,
      allowHttp: true,
      allowPrivate: true,
    });
  });

  it('refuses a short key, naming the setting', () => {
    expect(() => loadConfig({ SSO_SECRET_KEY: 'short' })).toThrow(/^Invalid configuration: SSO_SECRET_KEY must be at least 32 characters/);
  });
});
