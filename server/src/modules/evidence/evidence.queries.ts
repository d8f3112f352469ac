import type { Db } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import { evidenceKey } from '../../lib/evidence-key.ts';
import { type EvidenceEntry, GENESIS_HASH, hashRecord } from './evidence-chain.ts';

/**
 * Appends entries to the organization's evidence chain, in the caller's transaction. The chain head row is locked
 * (PostgreSQL; SQLite has one writer at a time), so two instances appending at once get consecutive sequences
 * and each record names the hash of the one before it. Every record is keyed (HMAC with the evidence key).
 */
export async function appendEvidence(db: Db, organizationId: number, entries: EvidenceEntry[]): Promise<void> {
  if (!entries.length) return;
  const head = await lockedHead(db, organizationId);
  await writeRecords(db, organizationId, head, entries);
}

async function lockedHead(db: Db, organizationId: number) {
  await db
    .insertInto('evidence_chains')
    .values({ organization_id: organizationId, last_sequence: 0, last_hash: GENESIS_HASH })
    .onConflict((oc) => oc.column('organization_id').doNothing())
    .execute();
  let head = db.selectFrom('evidence_chains').select(['last_sequence', 'last_hash']).where('organization_id', '=', organizationId);
  if (isPostgres(db)) head = head.forUpdate();
  return head.executeTakeFirstOrThrow();
}

async function writeRecords(db: Db, organizationId: number, head: { last_sequence: number; last_hash: string }, entries: EvidenceEntry[]) {
  const key = evidenceKey();
  let sequence = head.last_sequence;
  let previous = head.last_hash;
  const rows = entries.map((entry) => {
    sequence += 1;
    const record = { organization_id: organizationId, sequence, ...entry, detail: JSON.stringify(entry.detail) };
    const hash = hashRecord(previous, record, key);
    const row = { ...record, previous_hash: previous, hash, keyed: 1 };
    previous = hash;
    return row;
  });
  await db.insertInto('evidence_records').values(rows).execute();
  await db.updateTable('evidence_chains').set({ last_sequence: sequence, last_hash: previous }).where('organization_id', '=', organizationId).execute();
}

/** The organizations whose chain ends in a record written before the chain was keyed. */
export async function legacyChains(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('evidence_chains as c')
    .innerJoin('evidence_records as r', (j) => j.onRef('r.organization_id', '=', 'c.organization_id').onRef('r.sequence', '=', 'c.last_sequence'))
    .select('c.organization_id')
    .where('r.keyed', '=', 0)
    .execute();
  return rows.map((r) => r.organization_id);
}

/**
 * Seals a chain written before it was keyed: a keyed `chain_keyed` record whose HMAC covers the last plain hash, so
 * the older records can no longer be rewritten unnoticed. In the caller's transaction; a second instance finds the
 * chain already sealed once it holds the lock.
 */
export async function sealLegacyChain(db: Db, organizationId: number, t: number): Promise<boolean> {
  const head = await lockedHead(db, organizationId);
  const last = await db
    .selectFrom('evidence_records')
    .select('keyed')
    .where('organization_id', '=', organizationId)
    .where('sequence', '=', head.last_sequence)
    .executeTakeFirst();
  if (!last || last.keyed === 1) return false;
  await writeRecords(db, organizationId, head, [
    {
      kind: 'chain_keyed',
      at: t,
      user_id: null,
      station_id: null,
      video_id: null,
      revision: null,
      detail: { sealed_hash: head.last_hash, sealed_sequence: head.last_sequence },
    },
  ]);
  return true;
}

/** Claims the week's e-mail of the signed chain head for an organization: true for the one instance that sends it. */
export async function claimHeadMail(db: Db, organizationId: number, week: string, t: number): Promise<boolean> {
  const row = await db
    .insertInto('evidence_head_mails')
    .values({ organization_id: organizationId, week, sent_at: t })
    .onConflict((oc) => oc.columns(['organization_id', 'week']).doNothing())
    .returning('organization_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The organizations that have an evidence chain with records. */
export async function organizationsWithEvidence(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('evidence_chains').select('organization_id').where('last_sequence', '>', 0).execute();
  return rows.map((r) => r.organization_id);
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

/** Every qualification row of the organization (retired stations included), to compare with the evidence chain. */
export async function standingClaims(db: Db, organizationId: number) {
  return db
    .selectFrom('qualifications as q')
    .innerJoin('stations as s', 's.id', 'q.station_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.user_id', 'q.station_id', 'u.name', 'u.last_name', 's.name as station_name', 'q.state', 'q.qualified_at', 'q.expires_at'])
    .where('q.organization_id', '=', organizationId)
    .execute();
}

/** Every sign-off row of the organization with the names it is reported under, to compare with the evidence chain. */
export async function signoffClaims(db: Db, organizationId: number) {
  return db
    .selectFrom('signoffs as so')
    .innerJoin('stations as s', 's.id', 'so.station_id')
    .innerJoin('users as u', 'u.id', 'so.user_id')
    .select([
      'so.id',
      'so.user_id',
      'so.station_id',
      'u.name',
      'u.last_name',
      's.name as station_name',
      'so.signed_by_name',
      'so.signed_at',
      'so.comment',
      'so.checklist',
      'so.evidence',
    ])
    .where('so.organization_id', '=', organizationId)
    .orderBy('so.id')
    .execute();
}

/** Every practical check row of the organization (issue 38) with the names it is reported under, to compare with the chain. */
export async function practicalClaims(db: Db, organizationId: number) {
  return db
    .selectFrom('practical_checks as pc')
    .innerJoin('stations as s', 's.id', 'pc.station_id')
    .innerJoin('users as u', 'u.id', 'pc.user_id')
    .select([
      'pc.id',
      'pc.user_id',
      'pc.station_id',
      'u.name',
      'u.last_name',
      's.name as station_name',
      'pc.recorded_at',
      'pc.trainer_name',
      'pc.passed',
      'pc.steps',
    ])
    .where('pc.organization_id', '=', organizationId)
    .orderBy('pc.id')
    .execute();
}

/**
 * The evidence record of a practical check (issue 38): written in the check's transaction with its person, station
 * and time, and naming the check's id in its detail; undefined when the chain holds none.
 */
export async function practicalCheckRecord(db: Db, organizationId: number, check: { id: number; userId: number; stationId: number; at: number }) {
  const rows = await db
    .selectFrom('evidence_records')
    .select(['sequence', 'hash', 'detail'])
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'practical_check')
    .where('user_id', '=', check.userId)
    .where('station_id', '=', check.stationId)
    .where('at', '=', check.at)
    .orderBy('sequence')
    .execute();
  const row = rows.find((r) => (JSON.parse(r.detail) as { practical_check_id?: number }).practical_check_id === check.id);
  return row && { sequence: row.sequence, hash: row.hash };
}
