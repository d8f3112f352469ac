import { announceChange } from '../../db/change-notices.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { ApiTokenTable } from '../../db/schema.ts';

type Executor = Db | DbTransaction;

/* API tokens */

export async function insertApiToken(
  db: Db,
  row: { organizationId: number; name: string; tokenHash: string; hint: string; scopes: string; createdBy: number },
  t: number,
): Promise<number> {
  const inserted = await db
    .insertInto('api_tokens')
    .values({
      organization_id: row.organizationId,
      name: row.name,
      token_hash: row.tokenHash,
      token_hint: row.hint,
      scopes: row.scopes,
      created_by: row.createdBy,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export type ApiTokenRow = Pick<ApiTokenTable, 'name' | 'token_hint' | 'scopes' | 'created_by' | 'created_at' | 'last_used_at' | 'revoked_at'> & {
  id: number;
  organization_id: number;
};
const TOKEN_COLUMNS = ['id', 'organization_id', 'name', 'token_hint', 'scopes', 'created_by', 'created_at', 'last_used_at', 'revoked_at'] as const;

export const listApiTokens = (db: Db, organizationId: number): Promise<ApiTokenRow[]> =>
  db.selectFrom('api_tokens').select(TOKEN_COLUMNS).where('organization_id', '=', organizationId).orderBy('id', 'desc').execute();

export const findApiToken = (db: Db, organizationId: number, id: number): Promise<ApiTokenRow | undefined> =>
  db.selectFrom('api_tokens').select(TOKEN_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();

export async function revokeApiTokenRow(db: Db, organizationId: number, id: number, t: number): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: t })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  // Every instance drops its kept copy (api-token-cache.ts).
  await announceChange(db, `api-token:${id}`);
}

/** The live token of a hash: every `/api/v1` call asks it, compiled once. */
const liveApiToken = compiledOnce((db: Db, tokenHash: string) =>
  db.selectFrom('api_tokens').select(TOKEN_COLUMNS).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null),
);
export const findLiveApiToken = async (db: Db, tokenHash: string): Promise<ApiTokenRow | undefined> => (await liveApiToken(db, tokenHash))[0];

/** Last use, written at most once a minute per token (every call would make each read a write). */
export async function touchApiToken(db: Db, id: number, t: number, step: number): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: t })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', t - step)]))
    .execute();
}

/** Whether the person is a live (not deleted) member of the organization. */
export async function isMemberOf(db: Db, organizationId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('is_guest', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/* Webhook endpoints */

export async function insertEndpoint(db: Db, row: { organizationId: number; url: string; events: string; secret: string; createdBy: number }, t: number) {
  const inserted = await db
    .insertInto('webhook_endpoints')
    .values({ organization_id: row.organizationId, url: row.url, events: row.events, secret: row.secret, created_by: row.createdBy, created_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

const ENDPOINT_COLUMNS = ['id', 'organization_id', 'url', 'events', 'secret', 'created_at'] as const;

export const listEndpoints = (db: Executor, organizationId: number) =>
  db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();

export const findEndpoint = (db: Executor, organizationId: number, id: number) =>
  db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export async function deleteEndpointRow(db: Db, organizationId: number, id: number, t: number): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ deleted_at: t })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/* Deliveries */

export async function insertDelivery(
  db: Executor,
  row: { endpointId: number; organizationId: number; event: string; body: string },
  t: number,
): Promise<number> {
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: row.endpointId,
      organization_id: row.organizationId,
      event: row.event,
      body: row.body,
      status: 'pending',
      attempts: 0,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

const DELIVERY_COLUMNS = [
  'webhook_deliveries.id',
  'webhook_deliveries.endpoint_id',
  'webhook_deliveries.event',
  'webhook_deliveries.status',
  'webhook_deliveries.attempts',
  'webhook_deliveries.response_status',
  'webhook_deliveries.response_excerpt',
  'webhook_deliveries.created_at',
  'webhook_deliveries.last_attempt_at',
] as const;

export const listDeliveries = (db: Db, organizationId: number, limit: number) =>
  db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('organization_id', '=', organizationId).orderBy('id', 'desc').limit(limit).execute();

export const findDelivery = (db: Db, organizationId: number, id: number) =>
  db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();

/** A pending delivery with its endpoint, for an attempt. */
export const deliveryToSend = (db: Db, id: number) =>
  db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select([
      'webhook_deliveries.id',
      'webhook_deliveries.event',
      'webhook_deliveries.body',
      'webhook_deliveries.status',
      'webhook_deliveries.attempts',
      'webhook_deliveries.created_at',
      'webhook_endpoints.url',
      'webhook_endpoints.secret',
      'webhook_endpoints.deleted_at',
    ])
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
