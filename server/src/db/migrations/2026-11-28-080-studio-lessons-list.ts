import type { Kysely } from 'kysely';

/**
 * The studio's list a page at a time (issue 37: an organization may hold more than 500 own lessons): its lessons in
 * creation order, newest or oldest first, read by organization and id, which the (organization, published) index does
 * not serve; the count of a page's total walks it too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('studio_lessons_list_idx').on('studio_lessons').columns(['organization_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('studio_lessons_list_idx').execute();
}
