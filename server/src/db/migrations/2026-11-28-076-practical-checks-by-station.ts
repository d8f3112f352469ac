import type { Kysely } from 'kysely';

/**
 * The practical checks of a station, newest first (issue 38: the station page lists them a page at a time): read by
 * organization and station in recording order, which the person index (organization, person, time) does not serve.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('practical_checks_station_idx').on('practical_checks').columns(['organization_id', 'station_id', 'recorded_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('practical_checks_station_idx').execute();
}
