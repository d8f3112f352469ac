import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: used for sessions, resets, invitations and share links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
