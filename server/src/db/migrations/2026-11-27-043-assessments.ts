import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Assessments (issue 38, first slice): an organization's question bank per video, the knowledge check attached to a
 * video (how many questions drawn, shuffled or not, pass mark, attempts allowed, cool-down), and each member's
 * attempts. An attempt keeps the questions as they were shown (order, options, and the correct choices at the time)
 * so later edits of the bank never change a score, and the `request_id` of its submission so a replay counts once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('assessment_questions'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', notNull)
    .addColumn('prompt', 'varchar(500)', notNull)
    .addColumn('options', 'text', notNull)
    .addColumn('correct', 'text', notNull)
    .addColumn('explanation', 'varchar(1000)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('assessment_questions_video_idx').on('assessment_questions').columns(['organization_id', 'video_id']).execute();

  await withId(db, db.schema.createTable('assessment_checks'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('question_count', 'integer', notNull)
    .addColumn('shuffle', 'integer', notNull)
    .addColumn('pass_percent', 'integer', notNull)
    .addColumn('attempts_allowed', 'integer', notNull)
    .addColumn('cooldown_seconds', 'integer', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('assessment_checks_video_uq', ['organization_id', 'video_id'])
    .execute();

  await withId(db, db.schema.createTable('assessment_attempts'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('check_id', 'integer', (c) => c.notNull().references('assessment_checks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('questions', 'text', notNull)
    .addColumn('started_at', 'bigint', notNull)
    .addColumn('submitted_at', 'bigint')
    .addColumn('answers', 'text')
    .addColumn('score_percent', 'integer')
    .addColumn('passed', 'integer')
    .addColumn('request_id', 'varchar(100)')
    .execute();
  await db.schema.createIndex('assessment_attempts_member_idx').on('assessment_attempts').columns(['check_id', 'user_id', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assessment_attempts').execute();
  await db.schema.dropTable('assessment_checks').execute();
  await db.schema.dropTable('assessment_questions').execute();
}
