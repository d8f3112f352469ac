import type { Db } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import { type EvidenceEntry, GENESIS_HASH, hashRecord } from './evidence-chain.ts';

/**
 * Appends entries to the organization's evidence chain, in the caller's transaction. The chain head row is locked
 * (PostgreSQL; SQLite has one writer at a time), so two instances appending at once get consecutive sequences
 * and each record names the hash of the one before it.
 */
export async function appendEvidence(db: Db, organizationId: number, entries: EvidenceEntry[]): Promise<void> {
  if (!entries.length) return;
  await db
    .insertInto('evidence_chains')
    .values({ organization_id: organizationId, last_sequence: 0, last_hash: GENESIS_HASH })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
  let head = db.selectFrom('evidence_chains').select(['last_sequence', 'last_hash']).where('organization_id', '=', organizationId);
  if (isPostgres(db)) head = head.forUpdate();
  const { last_sequence, last_hash } = await head.executeTakeFirstOrThrow();
  let sequence = last_sequence;
  let previous = last_hash;
  const rows = entries.map((entry) => {
    sequence += 1;
    const record = { organization_id: organizationId, sequence, ...entry, detail: JSON.stringify(entry.detail) };
    const hash = hashRecord(previous, record);
    const row = { ...record, previous_hash: previous, hash };
    previous = hash;
    return row;
  });
  await db.insertInto('evidence_records').values(rows).execute();
  await db.updateTable('evidence_chains').set({ last_sequence: sequence, last_hash: previous }).where('organization_id', '=', organizationId).execute();
}

export type EvidenceFilter = { userId?: number; stationId?: number; videoIds?: number[] };

/** The organization's evidence records (of one person, or of one station and its required videos), in chain order. */
export async function evidenceRecords(db: Db, organizationId: number, filter: EvidenceFilter = {}, page?: { after: number; limit: number }) {
  let query = db.selectFrom('evidence_records').selectAll().where('organization_id', '=', organizationId);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.stationId !== undefined) {
    const { stationId, videoIds = [] } = filter;
    query = query.where((eb) =>
      eb.or([eb('station_id', '=', stationId), ...(videoIds.length ? [eb.and([eb('station_id', 'is', null), eb('video_id', 'in', videoIds)])] : [])]),
    );
  }
  if (page) query = query.where('sequence', '>', page.after).limit(page.limit);
  return query.orderBy('sequence').execute();
}

export type StoredEvidence = Awaited<ReturnType<typeof evidenceRecords>>[number];

export async function chainHead(db: Db, organizationId: number) {
  return db.selectFrom('evidence_chains').select(['last_sequence', 'last_hash']).where('organization_id', '=', organizationId).executeTakeFirst();
}
