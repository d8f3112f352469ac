import { type Kysely, sql } from 'kysely';

/**
 * Rankings kept in order with the points (issue 18): member_points carries the member's organization and one index
 * holds each organization's ranking order (more points, then earlier achievement, then the lower id), so a member's
 * position is two index range counts and a ranking page an index walk, instead of ranking the whole organization.
 * Members who leave the ranking (deleted, the shared guest) are few and are subtracted at read time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('member_points')
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .execute();
  await sql`update member_points set organization_id = (select u.organization_id from users u where u.id = member_points.user_id)`.execute(db);
  await sql`create index member_points_ranking_idx on member_points (organization_id, points desc, reached_at, user_id)`.execute(db);
  // The members who rank nowhere, found without walking the organization.
  await sql`create index users_unranked_idx on users (organization_id) where deleted_at is not null or is_guest = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_unranked_idx').execute();
  await db.schema.dropIndex('member_points_ranking_idx').execute();
  await db.schema.alterTable('member_points').dropColumn('organization_id').execute();
}
