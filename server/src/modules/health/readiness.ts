import type { AppContext } from '../../app-context.ts';
import { pingDatabase } from './health.queries.ts';

export type Readiness = { database: 'ok' | 'failing'; storage: 'ok' | 'failing' };

/** How long one check may take before it counts as failing: a load balancer asks every few seconds. */
const CHECK_LIMIT_MS = 2000;

function withinLimit(check: Promise<unknown>): Promise<'ok' | 'failing'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'failing'>((resolve) => {
    timer = setTimeout(() => resolve('failing'), CHECK_LIMIT_MS);
  });
  return Promise.race([
    check.then(
      () => 'ok' as const,
      () => 'failing' as const,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance can serve: the database answers a trivial query and the file store answers its ping (the local
 * directory readable and writable, or the bucket's HeadBucket).
 */
export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  const [database, storage] = await Promise.all([withinLimit(pingDatabase(ctx.db)), withinLimit(ctx.storage.ping())]);
  return { database, storage };
}

/** The sentence of a 503: which part is not reachable. */
export function notReadyMessage(readiness: Readiness): string {
  const failing = [
    readiness.database === 'failing' && 'the database does not answer',
    readiness.storage === 'failing' && 'the file store does not answer',
  ].filter(Boolean);
  return `Not ready: ${failing.join(' and ')}.`;
}
