import { DEFAULT_LOCALE, isLocale, type Locale } from '@mm/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';
import { forbidden, GUEST_READ_ONLY, unauthorized } from '../../lib/errors.ts';
import { acceptedLocale } from '../../lib/i18n.ts';
import type { Identified } from '../../lib/request-budget.ts';
import { CATALOG_VERSION, FIRST_CATALOG_VERSION } from '../settings/index.ts';
import type { SessionCache } from './session-cache.ts';
import { KIOSK_IDLE_LIFETIME, KIOSK_SLIDE_STEP, SESSION_IDLE_LIFETIME, SESSION_SLIDE_STEP } from './session-lifetimes.ts';
import { findLiveSession, findSessionFreshFields, slideSession } from './sessions.queries.ts';

export const KIOSK_REFUSED = 'This is not available on a shared kiosk. Use your own device.';

/** Who is asking: set on every authenticated request, read by policies. */
export type Caller = {
  sessionId: number;
  userId: number;
  organizationId: number | null;
  teamId: number | null;
  isSuperUser: boolean;
  isGuest: boolean;
  /** The kiosk the session was opened on: such a session reaches only the routes open to kiosks, as a plain member. */
  kioskId: number | null;
  /**
   * The catalog version read with the session (settings/catalog-version.ts): kept catalog answers are reused only
   * under it. Absent on callers the server makes up for its own work (demo seed, toolbox credit): they read afresh.
   */
  catalogVersion?: string;
  /**
   * Whether the organization's subscription gives access (watching, sharing), read with the session so a playing call
   * asks no more. Absent on callers the server makes up: billing's `organizationHasAccess` is asked then.
   */
  organizationHasAccess?: boolean;
  /** The member's time zone (their watch days are counted in it), read with the session; absent on callers the server makes up. */
  timezone?: string | null;
  /** The member's own language, else their organization's default (null: neither chosen); absent on callers the server makes up. */
  locale?: string | null;
  /**
   * The language this request is answered in (`callerLocale`: a kiosk's switcher, the member's own, the organization's
   * default, Accept-Language, English), set by the session hook; catalog texts with a translation follow it. Absent on
   * callers the server makes up: English.
   */
  language?: Locale;
};

/**
 * Per-route access, declared in the route's `config`:
 * - `auth`: 'member' (default) needs a valid session; 'public' needs none;
 *   'optional' reads the session when one is sent.
 * - `guestWrites`: a non-GET route is closed to the read-only guest unless it is a read in POST clothing.
 * - `kiosk`: 'open' lets a kiosk session call the route; every other route refuses it (set per module by `openToKiosk`).
 * - 'apiToken' (the integrations' `/api/v1` calls) reads no session: the integrations module asks for an API token there.
 */
export type RouteAccess = { auth?: 'member' | 'public' | 'optional' | 'apiToken'; guestWrites?: boolean; kiosk?: 'open' };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig extends RouteAccess {}
}

/** The caller of a member route: never null there, the hook has refused anonymous requests. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** The token from `Authorization: Bearer`, or the spec's `token` field (body for POST/PUT, query for GET). */
function presentedCredentials(request: FastifyRequest): { token: string | null; id: string | null } {
  const header = request.headers.authorization;
  const fields = { ...(request.query as Record<string, unknown>), ...(isRecord(request.body) ? request.body : {}) };
  const id = typeof fields.id === 'string' || typeof fields.id === 'number' ? String(fields.id) : null;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), id };
  return { token: typeof fields.token === 'string' && fields.token ? fields.token : null, id };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Buffer.isBuffer(v);
}

/**
 * The caller of a session token. The session and its member are kept per instance (session-cache.ts): a kept one
 * reads only its catalog version and access on each request; any other is read whole and kept.
 */
export async function findCaller(db: Db, sessions: SessionCache, token: string): Promise<Caller | null> {
  const t = now();
  const tokenHash = hashToken(token);
  let session = sessions.get(tokenHash, t);
  let fresh: { catalog_version: string | null; organization_has_access: unknown } | undefined;
  if (session) {
    fresh = await findSessionFreshFields(db, session.userId, t, CATALOG_VERSION);
    if (!fresh) return null;
  } else {
    const since = sessions.generation;
    const row = await findLiveSession(db, tokenHash, t, CATALOG_VERSION);
    if (!row) return null;
    session = {
      sessionId: row.session_id,
      userId: row.user_id,
      organizationId: row.organization_id,
      teamId: row.team_id,
      kioskId: row.kiosk_id,
      // On a shared tablet even a supervisor is a plain member: administration needs their own device.
      isSuperUser: row.is_super_user === 1 && row.kiosk_id === null,
      isGuest: row.is_guest === 1,
      timezone: row.timezone,
      locale: row.locale ?? row.default_locale,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
      readAt: t,
    };
    sessions.keep(tokenHash, session, since);
    fresh = row;
  }
  // Sliding expiry: "30 days unused" (2 minutes on a kiosk). Written at most once a minute (15 s on a kiosk) per session.
  const onKiosk = session.kioskId !== null;
  if (t - session.lastUsedAt > (onKiosk ? KIOSK_SLIDE_STEP : SESSION_SLIDE_STEP)) {
    const expiresAt = t + (onKiosk ? KIOSK_IDLE_LIFETIME : SESSION_IDLE_LIFETIME);
    await slideSession(db, session.sessionId, t, expiresAt);
    session.lastUsedAt = t;
    session.expiresAt = expiresAt;
  }
  return {
    sessionId: session.sessionId,
    userId: session.userId,
    organizationId: session.organizationId,
    teamId: session.teamId,
    isSuperUser: session.isSuperUser,
    isGuest: session.isGuest,
    kioskId: session.kioskId,
    catalogVersion: fresh.catalog_version ?? FIRST_CATALOG_VERSION,
    // SQLite answers 1 or 0, PostgreSQL true or false.
    organizationHasAccess: Boolean(fresh.organization_has_access),
    timezone: session.timezone,
    locale: session.locale,
  };
}

type AuthOptions = {
  db: Db;
  /** This instance's kept sessions. */
  sessions: SessionCache;
  /** Told who a presented token belongs to, before a bad one is refused (the request budget counts it). */
  onIdentified: (request: FastifyRequest, identified: Identified) => void;
};

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  app.decorateRequest('caller', null);
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config ?? {};
    const mode = access.auth ?? 'member';
    if (mode === 'public' || mode === 'apiToken') return;
    const { token, id } = presentedCredentials(request);
    if (!token) {
      if (mode === 'member') throw unauthorized('Please sign in to continue.');
      return;
    }
    const found = await findCaller(opts.db, opts.sessions, token);
    const caller = found && (id === null || id === '' || id === String(found.userId)) ? found : null;
    opts.onIdentified(request, caller);
    if (!caller) {
      if (mode === 'member') throw unauthorized();
      return;
    }
    request.locale = callerLocale(caller, acceptedLocale(request));
    request.caller = { ...caller, language: request.locale };
    if (caller.kioskId !== null && access.kiosk !== 'open') throw forbidden(KIOSK_REFUSED, 'kiosk_refused');
    if (caller.isGuest && request.method !== 'GET' && !access.guestWrites) throw forbidden(GUEST_READ_ONLY, 'guest_read_only');
  });
});

/**
 * The language a signed-in request is answered in: on a shared kiosk the session's own choice (the kiosk's switcher,
 * sent as Accept-Language) first; elsewhere the member's language, else their organization's default, then the
 * browser's language, then English.
 */
export function callerLocale(caller: Pick<Caller, 'kioskId' | 'locale'>, accepted: Locale | null): Locale {
  if (caller.kioskId !== null && accepted) return accepted;
  return isLocale(caller.locale) ? caller.locale : (accepted ?? DEFAULT_LOCALE);
}

/**
 * Registers a module's routes as open to kiosk sessions. Kiosk access is granted per module, never per route
 * by default: account, billing and administration modules (and any new module) stay closed to a shared tablet.
 */
export function openToKiosk<Options extends Record<string, unknown>>(routes: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return async (scope, options) => {
    scope.addHook('onRoute', (route) => {
      route.config = Object.assign(route.config ?? {}, { kiosk: 'open' as const });
    });
    await scope.register(routes, options);
  };
}
