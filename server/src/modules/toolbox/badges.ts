import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { settingOrCreate } from '../settings/index.ts';

/**
 * Badge codes for toolbox attendance: `MMB1-<user id>-<signature>`, the signature the first 96 bits of an
 * HMAC-SHA256 of the user id under a secret kept in the settings table. A code is stable across reprints, cannot be
 * made up for someone else, and names only a person id (the lookup checks the leader's organization).
 */
const SECRET_KEY = 'badge_signing_secret';
const PREFIX = 'MMB1';
const SIGNATURE_CHARS = 16;
/** A badge code anywhere in what a scanner typed (built once: the MES clearance call reads one on every request). */
const BADGE_CODE = new RegExp(`${PREFIX}-(\\d{1,12})-([A-Za-z0-9_-]{${SIGNATURE_CHARS}})`);

const secrets = new WeakMap<Db, Promise<Buffer>>();

function secretOf(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = settingOrCreate(db, SECRET_KEY, () => randomBytes(32).toString('base64url')).then((s) => Buffer.from(s, 'base64url'));
    secrets.set(db, secret);
  }
  return secret;
}

const signature = (secret: Buffer, userId: number) => createHmac('sha256', secret).update(`badge:${userId}`).digest('base64url').slice(0, SIGNATURE_CHARS);

export async function badgeCode(db: Db, userId: number): Promise<string> {
  return `${PREFIX}-${userId}-${signature(await secretOf(db), userId)}`;
}

/** The person id a scanned code names, or null when it is not a genuine badge (anything around the code is ignored). */
export async function readBadge(db: Db, scanned: string): Promise<number | null> {
  const match = BADGE_CODE.exec(scanned);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(signature(await secretOf(db), userId));
  const given = Buffer.from(match[2] as string);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
