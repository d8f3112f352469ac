import {
  type ApiTokenSummary,
  type CreateApiTokenRequest,
  type CreateWebhookEndpointRequest,
  INTEGRATIONS_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now, toIso } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { integrationsOrganizationOf } from './integrations.policy.ts';
import {
  type ApiTokenRow,
  deleteEndpointRow,
  findApiToken,
  findDelivery,
  findEndpoint,
  insertApiToken,
  insertEndpoint,
  listApiTokens,
  listDeliveries,
  listEndpoints,
  revokeApiTokenRow,
} from './integrations.queries.ts';
import { eventsOf, joinList, newApiToken, newWebhookSecret, scopesOf, tokenHint } from './integrations.rules.ts';
import { assertEndpointAllowed, queueDelivery } from './webhook-delivery.ts';

/** The delivery log shows the latest deliveries. */
const LOG_LENGTH = 50;

const tokenSummary = (row: ApiTokenRow): ApiTokenSummary => ({
  id: row.id,
  name: row.name,
  hint: row.token_hint,
  scopes: scopesOf(row.scopes),
  created_at: toIso(row.created_at) ?? '',
  last_used_at: toIso(row.last_used_at),
  revoked_at: toIso(row.revoked_at),
});

export async function apiTokens(ctx: AppContext, caller: Caller): Promise<ApiTokenSummary[]> {
  return (await listApiTokens(ctx.db, integrationsOrganizationOf(caller))).map(tokenSummary);
}

/** A new token: answered once with the token itself; only its SHA-256 is kept. */
export async function createApiToken(ctx: AppContext, caller: Caller, input: CreateApiTokenRequest) {
  const organizationId = integrationsOrganizationOf(caller);
  const token = newApiToken();
  const id = await insertApiToken(
    ctx.db,
    { organizationId, name: input.name, tokenHash: hashToken(token), hint: tokenHint(token), scopes: joinList(input.scopes), createdBy: caller.userId },
    now(),
  );
  const row = await findApiToken(ctx.db, organizationId, id);
  if (!row) throw notFound(INTEGRATIONS_MESSAGES.tokenNotFound);
  return { ...tokenSummary(row), token };
}

export async function revokeApiToken(ctx: AppContext, caller: Caller, tokenId: number): Promise<ApiTokenSummary> {
  const organizationId = integrationsOrganizationOf(caller);
  await revokeApiTokenRow(ctx.db, organizationId, tokenId, now());
  const row = await findApiToken(ctx.db, organizationId, tokenId);
  if (!row) throw notFound(INTEGRATIONS_MESSAGES.tokenNotFound);
  return tokenSummary(row);
}

const endpointSummary = (row: { id: number; url: string; events: string; created_at: number }) => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row.events),
  created_at: toIso(row.created_at) ?? '',
});

export async function webhookEndpoints(ctx: AppContext, caller: Caller) {
  return (await listEndpoints(ctx.db, integrationsOrganizationOf(caller))).map(endpointSummary);
}

/** A new endpoint, its address checked (https, public unless the operator allows private ones); its secret answered once. */
export async function createWebhookEndpoint(ctx: AppContext, caller: Caller, input: CreateWebhookEndpointRequest) {
  const organizationId = integrationsOrganizationOf(caller);
  await assertEndpointAllowed(ctx, input.url);
  const secret = newWebhookSecret();
  const url = new URL(input.url).toString();
  const id = await insertEndpoint(ctx.db, { organizationId, url, events: joinList(input.events), secret, createdBy: caller.userId }, now());
  const row = await findEndpoint(ctx.db, organizationId, id);
  if (!row) throw notFound(INTEGRATIONS_MESSAGES.endpointNotFound);
  return { ...endpointSummary(row), secret };
}

export async function deleteWebhookEndpoint(ctx: AppContext, caller: Caller, endpointId: number): Promise<void> {
  if (!(await deleteEndpointRow(ctx.db, integrationsOrganizationOf(caller), endpointId, now()))) throw notFound(INTEGRATIONS_MESSAGES.endpointNotFound);
}

const deliveryOf = (row: NonNullable<Awaited<ReturnType<typeof findDelivery>>>): WebhookDelivery => ({
  id: row.id,
  endpoint_id: row.endpoint_id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  response_status: row.response_status,
  response_excerpt: row.response_excerpt,
  created_at: toIso(row.created_at) ?? '',
  last_attempt_at: toIso(row.last_attempt_at),
});

/** "Send test event": a `webhook.test` delivery to this endpoint, signed and retried like any other. */
export async function testWebhookEndpoint(ctx: AppContext, caller: Caller, endpointId: number): Promise<WebhookDelivery> {
  const organizationId = integrationsOrganizationOf(caller);
  const t = now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const endpoint = await findEndpoint(trx, organizationId, endpointId);
    if (!endpoint) throw notFound(INTEGRATIONS_MESSAGES.endpointNotFound);
    return queueDelivery(ctx, trx, { endpointId, organizationId, event: WEBHOOK_TEST_EVENT, data: { message: 'A test event from Manufacturing Masters.' } }, t);
  });
  const row = await findDelivery(ctx.db, organizationId, id);
  if (!row) throw notFound(INTEGRATIONS_MESSAGES.endpointNotFound);
  return deliveryOf(row);
}

export async function webhookDeliveries(ctx: AppContext, caller: Caller): Promise<WebhookDelivery[]> {
  return (await listDeliveries(ctx.db, integrationsOrganizationOf(caller), LOG_LENGTH)).map(deliveryOf);
}
