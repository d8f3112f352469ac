import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { DAY, MINUTE, now } from './clock.ts';
import { hashToken } from './crypto.ts';
import { forbidden, GUEST_READ_ONLY, unauthorized } from './errors.ts';

export const SESSION_IDLE_LIFETIME = 30 * DAY;

/** Who is asking: set on every authenticated request, read by policies. */
export type Caller = {
  sessionId: number;
  userId: number;
  organizationId: number | null;
  teamId: number | null;
  isSuperUser: boolean;
  isGuest: boolean;
};

/**
 * Per-route access, declared in the route's `config`:
 * - `auth`: 'member' (default) needs a valid session; 'public' needs none;
 *   'optional' reads the session when one is sent.
 * - `guestWrites`: a non-GET route is closed to the read-only guest unless it is a read in POST clothing.
 */
export type RouteAccess = { auth?: 'member' | 'public' | 'optional'; guestWrites?: boolean };

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

export async function findCaller(db: Db, token: string): Promise<Caller | null> {
  const t = now();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at',
      'users.id as user_id',
      'users.organization_id',
      'users.team_id',
      'users.is_super_user',
      'users.is_guest',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', t)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  // Sliding expiry: "30 days unused". Written at most once a minute per session.
  if (t - row.last_used_at > MINUTE) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: t, expires_at: t + SESSION_IDLE_LIFETIME })
      .where('id', '=', row.session_id)
      .execute();
  }
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    organizationId: row.organization_id,
    teamId: row.team_id,
    isSuperUser: row.is_super_user === 1,
    isGuest: row.is_guest === 1,
  };
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('caller', null);
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config ?? {};
    const mode = access.auth ?? 'member';
    if (mode === 'public') return;
    const { token, id } = presentedCredentials(request);
    if (!token) {
      if (mode === 'member') throw unauthorized('Please sign in to continue.');
      return;
    }
    const caller = await findCaller(opts.db, token);
    if (!caller || (id !== null && id !== '' && id !== String(caller.userId))) {
      if (mode === 'member') throw unauthorized();
      return;
    }
    request.caller = caller;
    if (caller.isGuest && request.method !== 'GET' && !access.guestWrites) throw forbidden(GUEST_READ_ONLY, 'guest_read_only');
  });
});
