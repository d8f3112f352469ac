import type { Kysely } from 'kysely';

/**
 * Knowledge checks with a time limit (issue 38): the check's limit in seconds (null: none); each attempt keeps the
 * deadline it was started with (a later change of the limit never moves it) and whether it was closed at that
 * deadline because the answers came too late.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assessment_checks').addColumn('time_limit_seconds', 'integer').execute();
  await db.schema.alterTable('assessment_attempts').addColumn('deadline_at', 'bigint').execute();
  await db.schema
    .alterTable('assessment_attempts')
    .addColumn('timed_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assessment_attempts').dropColumn('timed_out').execute();
  await db.schema.alterTable('assessment_attempts').dropColumn('deadline_at').execute();
  await db.schema.alterTable('assessment_checks').dropColumn('time_limit_seconds').execute();
}
