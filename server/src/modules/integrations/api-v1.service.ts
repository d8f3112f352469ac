import { INTEGRATIONS_MESSAGES, type OrganizationUser, type UserFields, type V1StationClearanceData } from '@mm/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { MINUTE, now, toIso } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { LIMITS, takeLeasedAttempt } from '../../lib/throttle.ts';
import type { Caller } from '../auth/index.ts';
import { userActivity } from '../learning/index.ts';
import { createOrganizationUser, deleteOrganizationUser, organizationUsers } from '../organization/index.ts';
import { personQualifications, personStateAtStation } from '../qualifications/index.ts';
import { readBadge } from '../toolbox/index.ts';
import type { ApiTokenCache } from './api-token-cache.ts';
import { type ApiClient, assertScope } from './integrations.policy.ts';
import { findLiveApiToken, isMemberOf, touchApiToken } from './integrations.queries.ts';
import { API_TOKEN_PREFIX, clearanceOf, scopesOf } from './integrations.rules.ts';

/**
 * The token of an `/api/v1` call (`Authorization: Bearer mmk_...`), found by its SHA-256 and live (kept by this
 * instance for a few seconds, dropped at once when revoked anywhere: api-token-cache.ts); each call counted
 * against the token's limit (lib/throttle.ts, `api_token`, taken in leases: one counter write per 50 calls) before any work. A session token is not an API token, so a
 * session never reaches these calls (and an API token is no session anywhere else).
 */
export async function apiClientOf(ctx: AppContext, tokens: ApiTokenCache, request: FastifyRequest): Promise<ApiClient> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) throw unauthorized(INTEGRATIONS_MESSAGES.badToken);
  const tokenHash = hashToken(token);
  const t = now();
  let row = tokens.get(tokenHash, t);
  if (!row) {
    const since = tokens.generation;
    const read = await findLiveApiToken(ctx.db, tokenHash);
    if (!read) throw unauthorized(INTEGRATIONS_MESSAGES.badToken);
    row = { ...read, readAt: t };
    tokens.keep(tokenHash, row, since);
  }
  await takeLeasedAttempt(ctx, LIMITS.apiTokenCalls, String(row.id), INTEGRATIONS_MESSAGES.tooManyCalls);
  // The last use is kept to the minute: most calls write nothing more.
  if (row.last_used_at === null || row.last_used_at < t - MINUTE) {
    await touchApiToken(ctx.db, row.id, t, MINUTE);
    row.last_used_at = t;
  }
  return { tokenId: row.id, organizationId: row.organization_id, scopes: scopesOf(row.scopes), createdBy: row.created_by };
}

/**
 * The services behind `/api/v1` serve a super user; a token acts as its organization's super user (its creator, who
 * is named as the inviter of the members it creates), within its scopes.
 */
const actingCaller = (client: ApiClient): Caller => ({
  sessionId: 0,
  userId: client.createdBy ?? 0,
  organizationId: client.organizationId,
  teamId: null,
  isSuperUser: true,
  isGuest: false,
  kioskId: null,
});

/** A person named by the call: a member of the token's organization, else 404 (another organization's people are not there). */
async function memberOf(ctx: AppContext, client: ApiClient, userId: number): Promise<number> {
  if (!(await isMemberOf(ctx.db, client.organizationId, userId))) throw notFound('No such member in your organization.');
  return userId;
}

export async function v1Members(ctx: AppContext, client: ApiClient): Promise<OrganizationUser[]> {
  assertScope(client, 'read_users');
  return organizationUsers(ctx, actingCaller(client), client.organizationId);
}

export async function v1CreateMember(ctx: AppContext, client: ApiClient, input: UserFields): Promise<OrganizationUser> {
  assertScope(client, 'write_users');
  return createOrganizationUser(ctx, actingCaller(client), input);
}

export async function v1DeactivateMember(ctx: AppContext, client: ApiClient, userId: number): Promise<void> {
  assertScope(client, 'write_users');
  await deleteOrganizationUser(ctx, actingCaller(client), await memberOf(ctx, client, userId));
}

export async function v1MemberProgress(ctx: AppContext, client: ApiClient, userId: number) {
  assertScope(client, 'read_progress');
  return userActivity(ctx, actingCaller(client), await memberOf(ctx, client, userId));
}

export async function v1MemberQualifications(ctx: AppContext, client: ApiClient, userId: number) {
  assertScope(client, 'read_qualifications');
  return personQualifications(ctx, actingCaller(client), client.organizationId, await memberOf(ctx, client, userId));
}

/** "Is this badge cleared for station X now?": the matrix's state of the badge's holder at the station, with why and until when. */
export async function v1StationClearance(ctx: AppContext, client: ApiClient, stationId: number, badge: string): Promise<V1StationClearanceData> {
  assertScope(client, 'read_qualifications');
  const userId = await readBadge(ctx.db, badge);
  const standing = userId === null ? 'no_member' : await personStateAtStation(ctx, client.organizationId, userId, stationId);
  if (standing === 'no_member' || userId === null) throw notFound(INTEGRATIONS_MESSAGES.badgeUnknown);
  if (standing === 'no_station') throw notFound(INTEGRATIONS_MESSAGES.stationUnknown);
  const answer = clearanceOf(standing.state, standing.expiresAt);
  return { cleared: answer.cleared, user_id: userId, station_id: stationId, state: standing.state, reason: answer.reason, until: toIso(answer.until) };
}
