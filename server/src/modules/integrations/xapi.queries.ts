import type { Db, DbTransaction } from '../../db/client.ts';

type Executor = Db | DbTransaction;

/* The organization's Learning Record Store */

const LRS_COLUMNS = ['id', 'organization_id', 'endpoint', 'username', 'secret_sealed', 'enabled', 'updated_at'] as const;

export const findLrs = (db: Executor, organizationId: number) =>
  db.selectFrom('xapi_lrs').select(LRS_COLUMNS).where('organization_id', '=', organizationId).executeTakeFirst();

export type LrsRow = NonNullable<Awaited<ReturnType<typeof findLrs>>>;

/** Inserts or replaces the organization's LRS settings (one row per organization). */
export async function saveLrs(
  db: Db,
  row: { organizationId: number; endpoint: string; username: string; secretSealed: string; enabled: boolean; updatedBy: number },
  t: number,
): Promise<void> {
  const values = {
    endpoint: row.endpoint,
    username: row.username,
    secret_sealed: row.secretSealed,
    enabled: row.enabled ? 1 : 0,
    updated_by: row.updatedBy,
    updated_at: t,
  };
  await db
    .insertInto('xapi_lrs')
    .values({ organization_id: row.organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
}

export async function deleteLrs(db: Db, organizationId: number): Promise<boolean> {
  const result = await db.deleteFrom('xapi_lrs').where('organization_id', '=', organizationId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/* Statement deliveries */

/**
 * A statement's delivery row, unless the organization already has one with this statement id (the same fact stated
 * again states nothing new). Answers the new row's id, or null.
 */
export async function insertStatementDelivery(
  db: Executor,
  row: { organizationId: number; statementId: string; verb: string; objectId: string; body: string },
  t: number,
): Promise<number | null> {
  const inserted = await db
    .insertInto('xapi_deliveries')
    .values({
      organization_id: row.organizationId,
      statement_id: row.statementId,
      verb: row.verb,
      object_id: row.objectId,
      body: row.body,
      status: 'pending',
      attempts: 0,
      created_at: t,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'statement_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

const DELIVERY_COLUMNS = [
  'id',
  'statement_id',
  'verb',
  'object_id',
  'status',
  'attempts',
  'response_status',
  'response_excerpt',
  'created_at',
  'last_attempt_at',
] as const;

export const listStatementDeliveries = (db: Db, organizationId: number, limit: number) =>
  db.selectFrom('xapi_deliveries').select(DELIVERY_COLUMNS).where('organization_id', '=', organizationId).orderBy('id', 'desc').limit(limit).execute();

export const findStatementDelivery = (db: Db, organizationId: number, id: number) =>
  db.selectFrom('xapi_deliveries').select(DELIVERY_COLUMNS).where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();

/** A delivery with its organization's LRS as it is now (none: it was removed), for an attempt. */
export const statementToSend = (db: Db, id: number) =>
  db
    .selectFrom('xapi_deliveries')
    .leftJoin('xapi_lrs', 'xapi_lrs.organization_id', 'xapi_deliveries.organization_id')
    .select([
      'xapi_deliveries.id',
      'xapi_deliveries.statement_id',
      'xapi_deliveries.body',
      'xapi_deliveries.status',
      'xapi_deliveries.attempts',
      'xapi_deliveries.created_at',
      'xapi_lrs.endpoint',
      'xapi_lrs.username',
      'xapi_lrs.secret_sealed',
      'xapi_lrs.enabled',
    ])
    .where('xapi_deliveries.id', '=', id)
    .executeTakeFirst();
