import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Toolbox talks (issue 17): a super user shows one clip to the crew at shift start; the record keeps who led it,
 * when, the clip (and its revision once videos carry one), the check question and the crew's answer, and each
 * attendee, with whether the talk counted toward their progress.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('toolbox_talks'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('video_revision', 'integer')
    .addColumn('led_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('leader_name', 'varchar(220)', notNull)
    .addColumn('question', 'varchar(300)', notNull)
    .addColumn('answer', 'varchar(500)', notNull)
    .addColumn('held_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('toolbox_talks_organization_idx').on('toolbox_talks').columns(['organization_id', 'held_at']).execute();

  await db.schema
    .createTable('toolbox_attendance')
    .addColumn('talk_id', 'integer', (c) => c.notNull().references('toolbox_talks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attendee_name', 'varchar(220)', notNull)
    .addColumn('credited', 'integer', notNull)
    .addPrimaryKeyConstraint('toolbox_attendance_pk', ['talk_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('toolbox_attendance').execute();
  await db.schema.dropTable('toolbox_talks').execute();
}
