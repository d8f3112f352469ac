import type { Db } from '../db/client.ts';
import { now } from './clock.ts';
import { tooManyRequests } from './errors.ts';

/** Abuse limits, counted in the database (table auth_attempts) so they hold across restarts and servers. */
export const LIMITS = {
  loginPerEmail: { kind: 'login_email', max: 5, windowMs: 15 * 60_000 },
  loginPerAddress: { kind: 'login_ip', max: 100, windowMs: 60 * 60_000 },
  resetPerEmail: { kind: 'reset_email', max: 4, windowMs: 60 * 60_000 },
  /** Messages a member sends to experts: a busy expert's inbox is not a chat. */
  expertContactPerMember: { kind: 'expert_contact', max: 10, windowMs: 24 * 60 * 60_000 },
} as const;

type Limit = (typeof LIMITS)[keyof typeof LIMITS];

/**
 * Refuses with 429 when `subject` had `max` attempts within one window and the
 * latest is less than a window old: the block lasts a full window after the last counted attempt.
 */
export async function assertUnderLimit(db: Db, limit: Limit, subject: string, message: string): Promise<void> {
  const t = now();
  const rows = await db
    .selectFrom('auth_attempts')
    .select('created_at')
    .where('kind', '=', limit.kind)
    .where('subject', '=', subject)
    .where('created_at', '>', t - 2 * limit.windowMs)
    .orderBy('created_at', 'desc')
    .limit(limit.max)
    .execute();
  const latest = rows[0]?.created_at;
  const oldest = rows[limit.max - 1]?.created_at;
  if (latest === undefined || oldest === undefined) return;
  if (latest - oldest <= limit.windowMs && t - latest < limit.windowMs) {
    throw tooManyRequests(message, (latest + limit.windowMs - t) / 1000);
  }
}

export async function recordAttempt(db: Db, limit: Limit, subject: string): Promise<void> {
  await db.insertInto('auth_attempts').values({ kind: limit.kind, subject, created_at: now() }).execute();
}

export async function clearAttempts(db: Db, limit: Limit, subject: string): Promise<void> {
  await db.deleteFrom('auth_attempts').where('kind', '=', limit.kind).where('subject', '=', subject).execute();
}
