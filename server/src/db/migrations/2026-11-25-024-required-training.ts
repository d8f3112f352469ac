import { type Kysely, sql } from 'kysely';

/**
 * Required training and a matrix that stays fast at 5,000 people x 50 stations (issue 16).
 * - stations.kind: 'station' or 'training'. Required training (categories, sub-categories or videos with a due date
 *   and an optional validity, outside any work station) shares the stations' engine (requirements, kept state, due
 *   dates, digests, expiry, retraining, evidence); it has no checklist and no shift minimum.
 * - qualifications.shift: the person's shift kept on each of their rows (written with person_shifts), so a station's
 *   coverage per shift is counted from one partial index instead of a join over every cleared row.
 * - Partial indexes for the per-shift coverage (cleared rows) and for the people closest to qualifying (the others,
 *   most completed first), so each station's three closest are an index range of three rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('stations')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('station'))
    .execute();
  await db.schema.alterTable('qualifications').addColumn('shift', 'varchar(20)').execute();
  await sql`update qualifications set shift = (select ps.shift from person_shifts ps where ps.user_id = qualifications.user_id)`.execute(db);
  await sql`create index qualifications_coverage_idx on qualifications (station_id, shift, expires_at)
    where state in ('qualified', 'expiring')`.execute(db);
  await sql`create index qualifications_closest_idx on qualifications (station_id, completed_count desc, assigned_at, user_id)
    where state not in ('qualified', 'expiring')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('qualifications_closest_idx').execute();
  await db.schema.dropIndex('qualifications_coverage_idx').execute();
  await db.schema.alterTable('qualifications').dropColumn('shift').execute();
  await db.schema.alterTable('stations').dropColumn('kind').execute();
}
