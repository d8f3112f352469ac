import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MINUTE, now } from './clock.ts';
import { tooManyRequests } from './errors.ts';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * The flood guard of every call: at most `perMinute` requests a minute per signed-in member, and as many per address for
 * everything else (visitors, sign-ins, the shared guest, credentials that turn out wrong). A plant's tablets share one
 * NAT address: keyed by address alone, a shift start would refuse its members, so a member's calls are counted as theirs
 * once the session is known. Requests with a bearer token are counted after the session lookup: a random token buys no
 * fresh budget, it is counted against its address (and costs one indexed lookup, as any signed-in call does).
 * Counted in this instance's memory, in a one-minute window per key: a guard against floods, not accounting (the abuse limits that must
 * hold across instances live in lib/throttle.ts).
 */
export type RequestBudget = { perMinute: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether this request was counted already (by address on arrival, or as its member's once signed in). */
    budgetCharged: boolean;
  }
}

/**
 * A window per key that opens at the key's first request (as lib/throttle.ts counts), so one key's budget never depends
 * on another's timing; windows that ended are swept once a window, so the table holds about one minute of keys.
 */
class WindowCounter {
  private windows = new Map<string, { count: number; end: number }>();
  private nextSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request for `key`; answers the seconds to wait when it is over the limit, else null. */
  spend(key: string, t: number): number | null {
    if (t >= this.nextSweep) this.sweep(t);
    let window = this.windows.get(key);
    if (!window || t >= window.end) {
      window = { count: 0, end: t + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count > this.max ? (window.end - t) / 1000 : null;
  }

  private sweep(t: number): void {
    for (const [key, window] of this.windows) if (t >= window.end) this.windows.delete(key);
    this.nextSweep = t + this.windowMs;
  }
}

const hasBearer = (request: FastifyRequest) => request.headers.authorization?.startsWith('Bearer ') === true;

/** Who a bearer turned out to be: a member, the shared guest, or nobody. */
export type Identified = { userId: number; isGuest: boolean } | null;

export type RequestBudgetGuard = {
  /** Adds the guard to a scope: its routes are counted, by address on arrival unless a bearer token waits for its lookup. */
  guard: (scope: FastifyInstance) => void;
  /** Counts a bearer request once its session lookup answered (the auth hook calls it, before refusing a bad token). */
  chargeIdentified: (request: FastifyRequest, identified: Identified) => void;
};

/**
 * One budget for the instance, shared by the scopes it guards: the API and the server's own pages. Static files, media
 * segments and the web app's page are not guarded: a page load or a player asks for many at once and each is a file read.
 */
export function createRequestBudget({ perMinute }: RequestBudget): RequestBudgetGuard {
  const counter = new WindowCounter(perMinute, MINUTE);
  const charge = (request: FastifyRequest, key: string) => {
    request.budgetCharged = true;
    const wait = counter.spend(key, now());
    if (wait !== null) {
      throw tooManyRequests(TOO_MANY_REQUESTS, wait, {
        fields: {
          event: 'rate_limited',
          limit: key.startsWith('member:') ? 'requests_per_member' : 'requests_per_address',
          retryAfterSeconds: Math.ceil(wait),
        },
        message: 'request over the budget refused',
      });
    }
  };
  return {
    guard: (scope) => {
      scope.decorateRequest('budgetCharged', false);
      // Callback hooks: they run on every call and need no promise of their own.
      scope.addHook('onRequest', (request, _reply, done) => {
        try {
          if (!hasBearer(request)) charge(request, `address:${request.ip}`);
          done();
        } catch (error) {
          done(error as Error);
        }
      });
      // A bearer request that never reached its lookup (a public route, a body that did not parse) counts as its address's.
      scope.addHook('onResponse', (request, _reply, done) => {
        if (!request.budgetCharged) counter.spend(`address:${request.ip}`, now());
        done();
      });
    },
    chargeIdentified: (request, identified) => {
      if (request.budgetCharged) return;
      // The shared guest is many visitors: they are counted by address, as before signing in.
      charge(request, identified && !identified.isGuest ? `member:${identified.userId}` : `address:${request.ip}`);
    },
  };
}
