import type { Kysely } from 'kysely';
import { notNull } from '../dialect.ts';

/**
 * A check's results kept at write time (issue 38): reading the results of a check taken by 5,000 members grouped every
 * attempt (10,000) and every outcome (100,000) on each call. Each submission now also updates, in its transaction,
 * the member's standing at the check (attempts, best score, passed, last submission) and the figures of each question
 * it asked (asked, answered right); the results read those rows. The attempts and outcomes submitted so far are
 * counted into them here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assessment_standings')
    .addColumn('check_id', 'integer', (c) => c.notNull().references('assessment_checks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'integer', notNull)
    .addColumn('attempts', 'integer', notNull)
    .addColumn('best_percent', 'integer', notNull)
    .addColumn('passed', 'integer', notNull)
    .addColumn('last_submitted_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('assessment_standings_pk', ['check_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('assessment_question_stats')
    .addColumn('check_id', 'integer', (c) => c.notNull().references('assessment_checks.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', notNull)
    .addColumn('prompt', 'text', notNull)
    .addColumn('asked_count', 'integer', notNull)
    .addColumn('right_count', 'integer', notNull)
    .addPrimaryKeyConstraint('assessment_question_stats_pk', ['check_id', 'question_id'])
    .execute();

  await db
    .insertInto('assessment_standings')
    .columns(['check_id', 'user_id', 'organization_id', 'attempts', 'best_percent', 'passed', 'last_submitted_at'])
    .expression(
      db
        .selectFrom('assessment_attempts')
        .where('submitted_at', 'is not', null)
        .groupBy(['check_id', 'user_id', 'organization_id'])
        .select((eb) => [
          'check_id',
          'user_id',
          'organization_id',
          eb.fn.countAll().as('attempts'),
          eb.fn.coalesce(eb.fn.max('score_percent'), eb.lit(0)).as('best_percent'),
          eb.fn.coalesce(eb.fn.max('passed'), eb.lit(0)).as('passed'),
          eb.fn.max('submitted_at').as('last_submitted_at'),
        ]),
    )
    .execute();
  await db
    .insertInto('assessment_question_stats')
    .columns(['check_id', 'question_id', 'prompt', 'asked_count', 'right_count'])
    .expression(
      db
        .selectFrom('assessment_outcomes')
        .groupBy(['check_id', 'question_id'])
        .select((eb) => [
          'check_id',
          'question_id',
          eb.fn.min('prompt').as('prompt'),
          eb.fn.countAll().as('asked_count'),
          eb.fn.sum('is_right').as('right_count'),
        ]),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assessment_question_stats').execute();
  await db.schema.dropTable('assessment_standings').execute();
}
