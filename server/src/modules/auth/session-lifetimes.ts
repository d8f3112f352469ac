import { DAY, MINUTE } from '../../lib/clock.ts';

/** A session ends after this long unused ("30 days unused"); every call slides it. */
export const SESSION_IDLE_LIFETIME = 30 * DAY;
/**
 * A session opened with a PIN on a shared kiosk ends after this long without a call (the kiosk screen signs out
 * after the same time without a touch): the next person at the tablet must not find the last one signed in.
 */
export const KIOSK_IDLE_LIFETIME = 2 * MINUTE;
/** How often an ordinary session's expiry is moved on: at most once a minute. */
export const SESSION_SLIDE_STEP = MINUTE;
/** Kiosk sessions slide more often than the once a minute of ordinary ones, or a 2-minute lifetime would stutter. */
export const KIOSK_SLIDE_STEP = 15_000;
