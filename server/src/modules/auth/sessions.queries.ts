import { announceChange } from '../../db/change-notices.ts';
import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { now } from '../../lib/clock.ts';
import { hashToken, newReadableCode, newToken } from '../../lib/crypto.ts';
import { organizationHasAccessColumn } from '../tenancy/index.ts';
import { KIOSK_IDLE_LIFETIME, SESSION_IDLE_LIFETIME } from './session-lifetimes.ts';

/** Opens a session and returns its token; only the hash is kept. A session opened on a kiosk is short and restricted. */
export async function openSession(db: Db, userId: number, userAgent?: string, kioskId?: number): Promise<string> {
  const token = newToken();
  const t = now();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: t,
      last_used_at: t,
      expires_at: t + (kioskId === undefined ? SESSION_IDLE_LIFETIME : KIOSK_IDLE_LIFETIME),
      revoked_at: null,
      user_agent: userAgent?.slice(0, 300) ?? null,
      kiosk_id: kioskId ?? null,
    })
    .execute();
  return token;
}

/** Ends one session (sign-out, a kiosk's "Done"); every instance drops its kept copy. */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  await announceChange(db, `session:${sessionId}`);
}

/** Ends every session of the user, but the one given (a password change keeps the current one). */
export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
  await announceChange(db, `user:${userId}`);
}

/**
 * What a one-time token is for: a password reset, an invitation, confirming a registration's e-mail, or the setup code
 * printed on the sheet of a member without e-mail (issue 39).
 */
export type TokenPurpose = 'reset' | 'invite' | 'verify' | 'setup';

/** How long a printed setup code works: the sheet is handed out on a shift, perhaps the next week. */
export const SETUP_CODE_LIFETIME = 14 * 24 * 60 * 60 * 1000;

/**
 * One-time tokens (password reset, invitation, e-mail confirmation, printed setup code): random, stored hashed, single
 * use, expiring. A setup code is typed from paper: 12 unambiguous characters (60 bits), only usable together with the
 * organization's code and the member's employee number, and throttled.
 */
export async function issueUserToken(db: Db, userId: number, purpose: TokenPurpose, lifetimeMs: number): Promise<string> {
  const token = purpose === 'setup' ? newReadableCode(12) : newToken();
  const t = now();
  // A new link replaces any earlier unused one of the same purpose.
  await db.updateTable('user_tokens').set({ used_at: t }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
  await db
    .insertInto('user_tokens')
    .values({ user_id: userId, purpose, token_hash: hashToken(token), expires_at: t + lifetimeMs, used_at: null, created_at: t })
    .execute();
  return token;
}

/** One new token of `purpose` for each of these users, who have none yet (people just added: the CSV import), in order. */
export async function issueNewUsersTokens(db: Db, userIds: readonly number[], purpose: TokenPurpose, lifetimeMs: number): Promise<string[]> {
  const t = now();
  const tokens = userIds.map(() => (purpose === 'setup' ? newReadableCode(12) : newToken()));
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = userIds.slice(i, i + 1000).map((userId, j) => ({
      user_id: userId,
      purpose,
      token_hash: hashToken(tokens[i + j] as string),
      expires_at: t + lifetimeMs,
      used_at: null,
      created_at: t,
    }));
    if (rows.length > 0) await db.insertInto('user_tokens').values(rows).execute();
  }
  return tokens;
}

/** Marks the token used and returns its user, or null when unknown, used or expired. Atomic: a token works once. */
/** A one-time token's row, used or not (the confirmation page tells an already used link from a wrong one). */
export function findUserToken(db: Db, token: string, purpose: TokenPurpose) {
  return db
    .selectFrom('user_tokens')
    .select(['user_id', 'used_at', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

export async function consumeUserToken(db: Db, token: string, purpose: TokenPurpose, ofUserId?: number): Promise<number | null> {
  const t = now();
  let q = db.updateTable('user_tokens').set({ used_at: t });
  if (ofUserId !== undefined) q = q.where('user_id', '=', ofUserId);
  const row = await q
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', t)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * The live session of a token hash (not revoked, not expired, its user not deleted, its kiosk not revoked) with
 * its user, the setting `versionKey` (the catalog version every request checks) and whether the user's organization
 * has access (its subscription), read in the same statement.
 * Compiled once: it runs on every signed-in request.
 */
const liveSession = compiledOnce((db: Db, tokenHash: string, t: number, versionKey: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('kiosks', 'kiosks.id', 'sessions.kiosk_id')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at',
      'sessions.expires_at',
      'sessions.kiosk_id',
      'users.id as user_id',
      'users.organization_id',
      'users.team_id',
      'users.is_super_user',
      'users.is_guest',
      'users.timezone',
      'users.locale',
      'organizations.default_locale',
      (eb) => eb.selectFrom('settings').select('settings.value').where('settings.key', '=', versionKey).as('catalog_version'),
      (eb) => organizationHasAccessColumn(eb, t),
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', t)
    .where('users.deleted_at', 'is', null)
    // A revoked kiosk takes the sessions opened on it along.
    .where((eb) => eb.or([eb('sessions.kiosk_id', 'is', null), eb('kiosks.revoked_at', 'is', null)])),
);

export async function findLiveSession(db: Db, tokenHash: string, t: number, versionKey: string) {
  return (await liveSession(db, tokenHash, t, versionKey))[0];
}

/**
 * What a kept session (auth/session-cache.ts) still reads on every request, by its member: the catalog version (a
 * catalog change is seen by the next call on every instance) and whether the organization's subscription gives access.
 * No row: the member is gone. Compiled once, as the full lookup.
 */
const sessionFreshFields = compiledOnce((db: Db, userId: number, t: number, versionKey: string) =>
  db
    .selectFrom('users')
    .select([
      (eb) => eb.selectFrom('settings').select('settings.value').where('settings.key', '=', versionKey).as('catalog_version'),
      (eb) => organizationHasAccessColumn(eb, t),
    ])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null),
);

export async function findSessionFreshFields(db: Db, userId: number, t: number, versionKey: string) {
  return (await sessionFreshFields(db, userId, t, versionKey))[0];
}

/** Moves a session's expiry on (sliding expiry). */
export async function slideSession(db: Db, sessionId: number, t: number, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: t, expires_at: expiresAt }).where('id', '=', sessionId).execute();
}
