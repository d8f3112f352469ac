import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the platform must read back (an identity provider's client secret), sealed with AES-256-GCM under a key
 * from the configuration (never stored in the database): a leaked table gives neither the secret nor a way to
 * change it unnoticed (the tag authenticates it). Sealed text: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
const keyOf = (secretKey: string) => createHash('sha256').update(secretKey, 'utf8').digest();

export function seal(secretKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The sealed secret, or null when it was sealed under another key or altered. */
export function unseal(secretKey: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
