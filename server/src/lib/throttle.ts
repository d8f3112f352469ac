import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { DAY, HOUR, MINUTE, now } from './clock.ts';
import { tooManyRequests } from './errors.ts';
import { countAttempt, decrementCount, deleteCount } from './throttle.queries.ts';

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
  /** PIN sign-ins on a shared kiosk, per person (a success clears it) and per kiosk (a success is given back). */
  kioskPinPerPerson: { kind: 'kiosk_pin_user', max: 5, windowMs: 15 * MINUTE },
  kioskPinPerKiosk: { kind: 'kiosk_pin_kiosk', max: 30, windowMs: HOUR },
  /** Enterprise "talk to us" messages to the sales address, per address: a public form is not a relay. */
  salesInquiryPerAddress: { kind: 'sales_ip', max: 5, windowMs: HOUR },
} as const;

export type Limit = (typeof LIMITS)[keyof typeof LIMITS];

/**
 * Counts `amount` attempts by `subject` and refuses with 429 when they pass the limit. The count is taken
 * by one upsert that answers the new total, so concurrent attempts each see their own place in line and at
 * most `max` are let through per window, on SQLite and PostgreSQL alike. Take the attempt BEFORE the work
 * it guards (the password check, the e-mail): refused attempts cost nothing.
 */
export async function takeAttempt(ctx: AppContext, limit: Limit, subject: string, message: string, amount = 1): Promise<void> {
  const t = now();
  const counted = await countAttempt(ctx.db, limit.kind, subject, amount, t, t - limit.windowMs);
  if (counted && counted.count > limit.max) {
    const retryAfterSeconds = Math.ceil((counted.windowStart + limit.windowMs - t) / 1000);
    // The limit, never the subject (an e-mail address or a person): a lock-out of a sign-in is `login_email`.
    throw tooManyRequests(message, retryAfterSeconds, {
      fields: { event: 'rate_limited', limit: limit.kind, attempts: counted.count, retryAfterSeconds },
      message: 'attempt over the limit refused',
    });
  }
}

/** Gives back one attempt that turned out legitimate (a successful sign-in behind a shared address). */
export const giveBackAttempt = (db: Db, limit: Limit, subject: string): Promise<void> => decrementCount(db, limit.kind, subject);

export const clearAttempts = (db: Db, limit: Limit, subject: string): Promise<void> => deleteCount(db, limit.kind, subject);
