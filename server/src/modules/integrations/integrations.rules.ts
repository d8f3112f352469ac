import { createHmac, randomBytes } from 'node:crypto';
import { API_SCOPES, type ApiScope, type QualificationState, WEBHOOK_EVENTS, type WebhookEvent } from '@mm/contract';
import { isCleared } from '../qualifications/index.ts';

/** An API token as shown once: a prefix that names what it is (secret scanners know it), then 256 random bits. */
export const API_TOKEN_PREFIX = 'mmk_';
export const newApiToken = (): string => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
export const tokenHint = (token: string): string => `…${token.slice(-4)}`;

/** A webhook endpoint's signing secret, shown once at registration. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;

/** Scopes and events are kept as comma-separated lists; anything unknown in a stored list is dropped. */
export const joinList = (items: readonly string[]): string => [...new Set(items)].join(',');
export const scopesOf = (stored: string): ApiScope[] => stored.split(',').filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s));
export const eventsOf = (stored: string): WebhookEvent[] =>
  stored.split(',').filter((s): s is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(s));

/**
 * The signature of a delivery: HMAC-SHA256 under the endpoint's secret of `<timestamp>.<raw body>`, hex, sent as
 * `v1=<hex>` (docs/integrations.md). The timestamp (seconds) is signed with the body, so a replay is told by its age.
 */
export const webhookSignature = (secret: string, timestamp: number, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** Retries: the first after `baseMs`, doubling, at most an hour apart, for 24 hours from the event; then failed. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
export const nextAttemptDelay = (baseMs: number, failedAttempts: number): number => Math.min(3_600_000, baseMs * 2 ** Math.max(0, failedAttempts - 1));
export const retryOrGiveUp = (createdAt: number, t: number, baseMs: number, failedAttempts: number): { retryAt: number } | { failed: true } => {
  const retryAt = t + nextAttemptDelay(baseMs, failedAttempts);
  return retryAt - createdAt > RETRY_WINDOW_MS ? { failed: true } : { retryAt };
};

/** A short excerpt of an endpoint's answer for the delivery log (control characters and extra length dropped). */
export const responseExcerpt = (text: string): string =>
  [...text]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, 200);

/** What the MES is told: cleared while the matrix shows the person qualified (or expiring) at the station. */
export function clearanceOf(state: QualificationState | null, expiresAt: number | null): { cleared: boolean; reason: string; until: number | null } {
  const cleared = state !== null && isCleared(state);
  return { cleared, reason: reasonOf(state), until: cleared ? expiresAt : null };
}

function reasonOf(state: QualificationState | null): string {
  switch (state) {
    case null:
      return 'Not assigned to this station.';
    case 'qualified':
      return 'Qualified.';
    case 'expiring':
      return 'Qualified, expiring soon: retraining due before the expiry.';
    case 'expired':
      return 'The qualification expired.';
    case 'retraining_due':
      return 'Retraining due: a required video changed.';
    case 'awaiting_signoff':
      return 'Training done, awaiting sign-off.';
    default:
      return 'In training: not yet qualified.';
  }
}
