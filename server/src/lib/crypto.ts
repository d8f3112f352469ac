import { hash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: used for sessions, resets, invitations and share links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table gives no usable token. One-shot: every signed-in call hashes one. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Letters and digits a person reads off paper without mixing them up (no 0/O, no 1/I). */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code to be typed by hand (an organization's sign-in code, a printed setup code): 5 bits a character. */
export function newReadableCode(length: number): string {
  return Array.from({ length }, () => READABLE[randomInt(READABLE.length)]).join('');
}
