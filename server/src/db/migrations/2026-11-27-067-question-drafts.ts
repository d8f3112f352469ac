import type { Kysely } from 'kysely';

/**
 * Knowledge checks, continued (issue 38): questions drafted from a lesson's transcript wait for an author's approval.
 * A draft (1) is in the bank for its author to read, approve or remove, and never drawn into an attempt; every
 * question written so far is approved (0).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('assessment_questions')
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
