import { createHash, timingSafeEqual } from 'node:crypto';
import { forbidden, unauthorized } from '../../lib/errors.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics (docs/operations.md). With METRICS_TOKEN set: a bearer of that token, from anywhere. Without
 * it: only a direct connection from this machine, never a proxied one: nginx on the same host connects from loopback
 * too, so a request that carries X-Forwarded-For came from outside (deploy/nginx.conf also refuses /metrics).
 */
export function assertMayReadMetrics(
  request: { socketAddress: string | undefined; forwardedFor: string | undefined; authorization: string | undefined },
  metricsToken: string | undefined,
): void {
  if (metricsToken) {
    const given = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
    // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first differing byte.
    if (!given || !timingSafeEqual(digest(given), digest(metricsToken))) throw unauthorized('The metrics need the METRICS_TOKEN bearer token.');
    return;
  }
  if (!LOOPBACK.has(request.socketAddress ?? '') || request.forwardedFor !== undefined) {
    throw forbidden('The metrics are open to this machine only; set METRICS_TOKEN to scrape them from elsewhere.');
  }
}
