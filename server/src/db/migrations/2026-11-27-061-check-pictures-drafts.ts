import { type Kysely, sql } from 'kysely';

/**
 * Knowledge checks, continued (issue 38): a pick-the-picture question keeps its options' pictures (a JSON list of
 * upload URLs beside the options, which are the pictures' alt texts); a question proposed from a lesson's transcript
 * is a draft (never drawn into an attempt) until an author approves it; and the time-out sweep finds the open
 * attempts past their deadline by an index of the open ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assessment_questions').addColumn('images', 'text').execute();
  await db.schema
    .alterTable('assessment_questions')
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('assessment_attempts_open_deadline_idx')
    .on('assessment_attempts')
    .column('deadline_at')
    .where(sql.ref('submitted_at'), 'is', null)
    .execute();
  // The results of a check read its submitted attempts only.
  await db.schema.createIndex('assessment_attempts_check_idx').on('assessment_attempts').columns(['check_id', 'submitted_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assessment_attempts_check_idx').execute();
  await db.schema.dropIndex('assessment_attempts_open_deadline_idx').execute();
  await db.schema.alterTable('assessment_questions').dropColumn('draft').execute();
  await db.schema.alterTable('assessment_questions').dropColumn('images').execute();
}
