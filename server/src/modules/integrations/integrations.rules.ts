import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
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

const V4_PRIVATE: Array<[number, number]> = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xe0000000, 3], // 224/3 multicast and reserved, broadcast
];

const v4Number = (ip: string): number => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

/** Whether an address is private, loopback, link-local or otherwise not on the public internet (IPv4 and IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) {
    const n = v4Number(ip);
    return V4_PRIVATE.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
  }
  if (kind !== 6) return true;
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPrivateAddress(mapped[1] as string);
  if (lower === '::' || lower === '::1') return true;
  const first = Number.parseInt(lower.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

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
