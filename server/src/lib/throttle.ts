import type { Db } from '../db/client.ts';
import { DAY, HOUR, MINUTE, now } from './clock.ts';
import { tooManyRequests } from './errors.ts';
import { countAttempt, countSpacedAttempt, decrementCount, deleteCount, findCounter, listLockedCounters } from './throttle.queries.ts';

/** What the limits need of the app's context: its database (lib sits below app-context.ts, which reaches modules). */
type ThrottleContext = { readonly db: Db };

/**
 * Every abuse limit of the platform, in one table (documented in the README): at most `max` attempts per
 * subject in a window of `windowMs` that opens at the subject's first counted attempt.
 * Counted in the database (table throttle_counters) so they hold across restarts and servers.
 */
export const LIMITS = {
  /** Sign-in attempts per account (e-mail), whatever the address; a success clears it. Never applied to the shared guest. */
  loginPerEmail: { kind: 'login_email', max: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins per address (a plant's shared NAT signs in many people: successes are given back). */
  loginPerAddress: { kind: 'login_ip', max: 100, windowMs: HOUR },
  /** Wrong old passwords when changing the password, per session and per account; a success clears both. */
  changePasswordPerSession: { kind: 'change_pw_session', max: 5, windowMs: 15 * MINUTE },
  changePasswordPerAccount: { kind: 'change_pw_user', max: 5, windowMs: 15 * MINUTE },
  /** New organizations registered from one address. */
  registrationPerAddress: { kind: 'register_ip', max: 10, windowMs: HOUR },
  /** E-mail confirmation links sent again on request, per account. */
  confirmationMailsPerAccount: { kind: 'confirm_mail', max: 3, windowMs: HOUR },
  /** Password reset e-mails per e-mail address, and reset requests per address. */
  resetPerEmail: { kind: 'reset_email', max: 4, windowMs: HOUR },
  resetPerAddress: { kind: 'reset_ip', max: 20, windowMs: HOUR },
  /** Token-bearing unauthenticated writes (set a new password, accept an invitation) per address: token guessing. */
  tokenUsePerAddress: { kind: 'token_ip', max: 30, windowMs: HOUR },
  /** Share e-mails a member sends: sharing is to colleagues, not a mailing list. */
  shareMailsPerMember: { kind: 'share_mail', max: 50, windowMs: DAY },
  /** Messages a member sends to experts: a busy expert's inbox is not a chat. */
  expertContactPerMember: { kind: 'expert_contact', max: 10, windowMs: DAY },
  /**
   * PIN sign-ins on a shared kiosk, per person (a success clears it) and per kiosk (a success is given back). A person
   * is slowed down before being locked (KIOSK_PIN_DELAYS_MS), so a prankster cannot lock a colleague out in a minute,
   * and a super user can lift either lock at once (Manage organization > Kiosks).
   */
  kioskPinPerPerson: { kind: 'kiosk_pin_user', max: 20, windowMs: HOUR },
  kioskPinPerKiosk: { kind: 'kiosk_pin_kiosk', max: 30, windowMs: HOUR },
  /** Enterprise "talk to us" messages to the sales address, per address: a public form is not a relay. */
  salesInquiryPerAddress: { kind: 'sales_ip', max: 5, windowMs: HOUR },
  /**
   * Integration calls (`/api/v1`) per API token: an MES polling every station every second stays under it. Taken in
   * leases of 50 (takeLeasedAttempt): the counter is written once per 50 calls, not on each.
   */
  apiTokenCalls: { kind: 'api_token', max: 600, windowMs: MINUTE, lease: 50 },
} as const;

export type Limit = (typeof LIMITS)[keyof typeof LIMITS];

/**
 * The wait a person's n-th PIN attempt of the window holds their next one back by (index n - 1; the last entry for
 * every later attempt): none for the first two, then 2^n seconds from the third (8, 16, ... 256), at most 5 minutes.
 * The waits add up to more than an hour by the 20th attempt, so the lock is seldom reached by honest typing.
 */
export const KIOSK_PIN_DELAYS_MS = [0, 0, 8, 16, 32, 64, 128, 256, 300].map((seconds) => seconds * 1000);

/**
 * Counts `amount` attempts by `subject` and refuses with 429 when they pass the limit. The count is taken
 * by one upsert that answers the new total, so concurrent attempts each see their own place in line and at
 * most `max` are let through per window, on SQLite and PostgreSQL alike. Take the attempt BEFORE the work
 * it guards (the password check, the e-mail): refused attempts cost nothing.
 */
export async function takeAttempt(ctx: ThrottleContext, limit: Limit, subject: string, message: string, amount = 1): Promise<number> {
  const t = now();
  const counted = await countAttempt(ctx.db, limit.kind, subject, amount, t, t - limit.windowMs);
  if (counted && counted.count > limit.max) throw refusal(message, limit, counted.windowStart + limit.windowMs - t, counted.count);
  return counted?.count ?? amount;
}

/** Attempts an instance holds ahead for a subject: granted by the counter, spent without writing; `left` 0 is refused. */
type Lease = { windowEnd: number; left: number; refused: boolean; pending: Promise<void> | null };
/** Per database (a test process runs several), by limit kind and subject. */
const leasesByDb = new WeakMap<Db, Map<string, Lease>>();
/** Kept leases past which the expired ones are swept (one per live API token, in practice). */
const LEASES_KEPT = 10_000;

function leasesOf(db: Db): Map<string, Lease> {
  let leases = leasesByDb.get(db);
  if (!leases) {
    leases = new Map();
    leasesByDb.set(db, leases);
  }
  return leases;
}

/**
 * takeAttempt for a limit counted at a high rate (an API token's calls): the counter is moved by `limit.lease`
 * attempts at once, in the same atomic upsert, and this instance spends them from memory until they run out, so one
 * call in `lease` writes. Never more than `max` per window across instances (every attempt spent was counted first);
 * with several instances a subject can be refused up to `lease - 1` attempts early per other instance, those held
 * unspent there. Once refused, the subject is refused from memory until its window ends (the counter is past `max`
 * for every instance). One lease is asked for at a time per subject: concurrent calls wait for it.
 */
export async function takeLeasedAttempt(ctx: ThrottleContext, limit: Limit & { lease: number }, subject: string, message: string): Promise<void> {
  const leases = leasesOf(ctx.db);
  const key = `${limit.kind}\u0000${subject}`;
  for (;;) {
    const t = now();
    const held = leases.get(key);
    if (held?.pending) {
      await held.pending;
      continue;
    }
    if (held && t < held.windowEnd) {
      if (held.left > 0) {
        held.left--;
        return;
      }
      if (held.refused) throw refusal(message, limit, held.windowEnd - t, limit.max);
    }
    const lease: Lease = { windowEnd: 0, left: 0, refused: false, pending: null };
    lease.pending = (async () => {
      try {
        const counted = await countAttempt(ctx.db, limit.kind, subject, limit.lease, t, t - limit.windowMs);
        // The part of this lease still under the limit (all of it, but for the lease that crosses `max`).
        const granted = counted ? Math.max(0, Math.min(limit.lease, limit.max - (counted.count - limit.lease))) : 0;
        lease.windowEnd = counted ? counted.windowStart + limit.windowMs : t + limit.windowMs;
        lease.left = granted;
        lease.refused = granted === 0;
      } finally {
        lease.pending = null;
      }
    })();
    if (leases.size >= LEASES_KEPT) for (const [k, l] of leases) if (!l.pending && l.windowEnd <= t) leases.delete(k);
    leases.set(key, lease);
    try {
      await lease.pending;
    } catch (error) {
      leases.delete(key);
      throw error;
    }
  }
}

/** The 429 of a limit, logged with the limit's kind, never the subject (an e-mail address or a person). */
function refusal(message: string, limit: Limit, waitMs: number, attempts: number) {
  const retryAfterSeconds = Math.ceil(waitMs / 1000);
  return tooManyRequests(message, retryAfterSeconds, {
    fields: { event: 'rate_limited', limit: limit.kind, attempts, retryAfterSeconds },
    message: 'attempt over the limit refused',
  });
}

/**
 * takeAttempt with growing waits: each attempt also holds the subject's next one back by `delaysMs` (see
 * KIOSK_PIN_DELAYS_MS), checked and set by the same upsert that counts it. A held-back attempt is refused with
 * `waitMessage` and the seconds left in Retry-After, and is not counted. Answers the attempt's place in the window
 * and the wait it set, for the caller to show when the attempt fails (a success should clear the counter).
 */
export async function takeSpacedAttempt(
  ctx: ThrottleContext,
  limit: Limit,
  delaysMs: readonly number[],
  subject: string,
  messages: { locked: string; wait: string },
): Promise<{ count: number; waitSeconds: number }> {
  const t = now();
  const counted = await countSpacedAttempt(ctx.db, limit.kind, subject, t, t - limit.windowMs, delaysMs);
  const held = counted ?? (await findCounter(ctx.db, limit.kind, subject));
  const locked = held !== undefined && held.count >= limit.max + (counted ? 1 : 0) && held.windowStart > t - limit.windowMs;
  if (held && locked) {
    const retryAfterSeconds = Math.ceil((held.windowStart + limit.windowMs - t) / 1000);
    throw tooManyRequests(messages.locked, retryAfterSeconds, {
      fields: { event: 'rate_limited', limit: limit.kind, attempts: held.count, retryAfterSeconds },
      message: 'attempt over the limit refused',
    });
  }
  if (!counted) throw tooManyRequests(messages.wait, ((held?.blockedUntil ?? t) - t) / 1000);
  return { count: counted.count, waitSeconds: Math.ceil(Math.max(0, counted.blockedUntil - t) / 1000) };
}

/** The subjects a limit locks now, and when each lock ends (epoch ms): for showing and lifting locks. */
export async function lockedSubjects(ctx: ThrottleContext, limit: Limit): Promise<Array<{ subject: string; unlocksAt: number }>> {
  const t = now();
  const rows = await listLockedCounters(ctx.db, limit.kind, limit.max, t - limit.windowMs);
  return rows.map((r) => ({ subject: r.subject, unlocksAt: r.windowStart + limit.windowMs }));
}

/** Gives back one attempt that turned out legitimate (a successful sign-in behind a shared address). */
export const giveBackAttempt = (db: Db, limit: Limit, subject: string): Promise<void> => decrementCount(db, limit.kind, subject);

export const clearAttempts = (db: Db, limit: Limit, subject: string): Promise<void> => deleteCount(db, limit.kind, subject);
