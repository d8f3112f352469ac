import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';
import type { Caller } from '../auth/index.ts';
import { managedOrganizationOf } from '../organization/index.ts';
import { findLiveScimToken, touchScimToken } from './scim.queries.ts';
import { SCIM_PREFIX, ScimError } from './scim.rules.ts';
import type { ScimCaller } from './scim.service.ts';

/** `last_used_at` is written at most once a minute per token. */
const TOUCH_STEP = 60_000;

/** The organization's SCIM set-up is its super users' alone (the token provisions and deactivates its members). */
export const scimOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);

/**
 * Who calls the SCIM protocol: the organization whose live token is presented as `Authorization: Bearer`. Every
 * resource is then read and written within that organization only; no token, or a revoked one, is a 401.
 */
export async function identifyScimCaller(ctx: AppContext, authorization: string | undefined): Promise<ScimCaller> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  const row = token ? await findLiveScimToken(ctx.db, hashToken(token)) : undefined;
  if (!row) throw new ScimError(401, 'A valid SCIM bearer token is required.');
  const t = now();
  if (row.last_used_at === null || t - row.last_used_at > TOUCH_STEP) await touchScimToken(ctx.db, row.id, t);
  return { organizationId: row.organization_id, baseUrl: `${ctx.config.publicUrl}${SCIM_PREFIX}` };
}
