import { randomUUID } from 'node:crypto';
import { INTEGRATIONS_MESSAGES, type SaveXapiSettingsRequest, XAPI_MESSAGES, type XapiDelivery, type XapiSettingsData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now, toIso } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { seal } from '../../lib/secret-box.ts';
import type { Caller } from '../auth/index.ts';
import { integrationsOrganizationOf } from './integrations.policy.ts';
import { assertEndpointAllowed } from './webhook-delivery.ts';
import { deleteLrs, findLrs, findStatementDelivery, type LrsRow, listStatementDeliveries, saveLrs } from './xapi.queries.ts';
import { statementsUrlOf } from './xapi.rules.ts';
import { queueStatement } from './xapi-delivery.ts';

/** The statement log shows the latest deliveries. */
const LOG_LENGTH = 50;

/** The key sealing LRS secrets: the single sign-on one (SSO_SECRET_KEY); without it in production, 503. */
function secretKey(ctx: AppContext): string {
  if (!ctx.config.sso.secretKey) throw new AppError(503, XAPI_MESSAGES.noKey);
  return ctx.config.sso.secretKey;
}

const settingsOf = (ctx: AppContext, row: LrsRow | undefined): XapiSettingsData => ({
  configured: row !== undefined,
  endpoint: row?.endpoint ?? '',
  username: row?.username ?? '',
  has_secret: row !== undefined,
  enabled: row?.enabled === 1,
  actor_home_page: ctx.config.publicUrl,
  updated_at: toIso(row?.updated_at ?? null),
});

export async function xapiSettings(ctx: AppContext, caller: Caller): Promise<XapiSettingsData> {
  return settingsOf(ctx, await findLrs(ctx.db, integrationsOrganizationOf(caller)));
}

/**
 * Sets up the organization's LRS: the endpoint checked as a webhook's (https and public unless WEBHOOK_ALLOW_PRIVATE=1),
 * the secret sealed with SSO_SECRET_KEY (an empty one keeps the secret already kept). The secret is never answered.
 */
export async function saveXapiSettings(ctx: AppContext, caller: Caller, input: SaveXapiSettingsRequest): Promise<XapiSettingsData> {
  const organizationId = integrationsOrganizationOf(caller);
  const key = secretKey(ctx);
  let endpoint: string;
  try {
    endpoint = new URL(input.endpoint).toString();
  } catch {
    throw badRequest(INTEGRATIONS_MESSAGES.httpsOnly);
  }
  await assertEndpointAllowed(ctx, statementsUrlOf(endpoint));
  const existing = await findLrs(ctx.db, organizationId);
  const given = input.secret?.trim() ?? '';
  if (given === '' && !existing) throw badRequest(XAPI_MESSAGES.secretRequired);
  const secretSealed = given !== '' ? seal(key, given) : (existing?.secret_sealed ?? '');
  await saveLrs(ctx.db, { organizationId, endpoint, username: input.username, secretSealed, enabled: input.enabled, updatedBy: caller.userId }, now());
  return settingsOf(ctx, await findLrs(ctx.db, organizationId));
}

export async function deleteXapiSettings(ctx: AppContext, caller: Caller): Promise<void> {
  if (!(await deleteLrs(ctx.db, integrationsOrganizationOf(caller)))) throw notFound(XAPI_MESSAGES.notConfigured);
}

const deliveryOf = (row: NonNullable<Awaited<ReturnType<typeof findStatementDelivery>>>): XapiDelivery => ({
  id: row.id,
  statement_id: row.statement_id,
  verb: row.verb,
  object_id: row.object_id,
  status: row.status,
  attempts: row.attempts,
  response_status: row.response_status,
  response_excerpt: row.response_excerpt,
  created_at: toIso(row.created_at) ?? '',
  last_attempt_at: toIso(row.last_attempt_at),
});

/** "Send test statement": the super user experienced the Integrations page, a statement of its own (a new id each press). */
export async function testXapiStatement(ctx: AppContext, caller: Caller): Promise<XapiDelivery> {
  const organizationId = integrationsOrganizationOf(caller);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const lrs = await findLrs(trx, organizationId);
    if (!lrs) throw notFound(XAPI_MESSAGES.notConfigured);
    if (lrs.enabled !== 1) throw badRequest(XAPI_MESSAGES.switchedOff);
    return queueStatement(ctx.jobs, trx, ctx.config.publicUrl, organizationId, {
      key: `test:${randomUUID()}`,
      verb: 'experienced',
      userId: caller.userId,
      at: now(),
      object: { path: '/manage-organization/integrations', type: 'link', name: 'Manufacturing Masters: xAPI test statement' },
    });
  });
  const row = id === null ? undefined : await findStatementDelivery(ctx.db, organizationId, id);
  if (!row) throw notFound(XAPI_MESSAGES.notConfigured);
  return deliveryOf(row);
}

export async function xapiDeliveries(ctx: AppContext, caller: Caller): Promise<XapiDelivery[]> {
  return (await listStatementDeliveries(ctx.db, integrationsOrganizationOf(caller), LOG_LENGTH)).map(deliveryOf);
}
