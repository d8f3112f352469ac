import type { ScimSettingsData, ScimTokenData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { scimOrganizationOf } from './scim.policy.ts';
import { insertScimToken, lastScimRequests, liveScimTokenOf, revokeScimTokens } from './scim.queries.ts';
import { SCIM_PREFIX } from './scim.rules.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const baseUrlOf = (ctx: AppContext) => `${ctx.config.publicUrl}${SCIM_PREFIX}`;

export async function scimSettings(ctx: AppContext, caller: Caller): Promise<ScimSettingsData> {
  const organizationId = scimOrganizationOf(caller);
  const [token, requests] = await Promise.all([liveScimTokenOf(ctx.db, organizationId), lastScimRequests(ctx.db, organizationId)]);
  return {
    base_url: baseUrlOf(ctx),
    token: token ? { created_at: iso(token.created_at), last_used_at: token.last_used_at === null ? null : iso(token.last_used_at) } : null,
    requests: requests.map((r) => ({ at: iso(r.at), method: r.method, path: r.path, status: r.status })),
  };
}

/** A new token replaces the live one in the same transaction: the identity provider must be given the new value. */
export async function createScimToken(ctx: AppContext, caller: Caller): Promise<ScimTokenData> {
  const organizationId = scimOrganizationOf(caller);
  const token = `scim_${newToken()}`;
  await ctx.db.transaction().execute(async (trx) => {
    await revokeScimTokens(trx, organizationId);
    await insertScimToken(trx, organizationId, hashToken(token), caller.userId);
  });
  ctx.log.info({ event: 'scim_token_created', organizationId, userId: caller.userId }, 'SCIM token created');
  return { token, base_url: baseUrlOf(ctx) };
}

export async function revokeScimToken(ctx: AppContext, caller: Caller): Promise<void> {
  const organizationId = scimOrganizationOf(caller);
  if ((await revokeScimTokens(ctx.db, organizationId)) === 0) throw notFound('There is no SCIM token to revoke.');
  ctx.log.info({ event: 'scim_token_revoked', organizationId, userId: caller.userId }, 'SCIM token revoked');
}
