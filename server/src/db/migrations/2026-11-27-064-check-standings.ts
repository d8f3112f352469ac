import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull } from '../dialect.ts';

/**
 * A check's results kept at write time (issue 38): reading the results of a check taken by 5,000 members grouped every
 * attempt (10,000) and every outcome (100,000) on each call. Each submission now also updates, in its transaction,
 * the member's standing at the check (attempts, best score, passed, last submission) and the figures of each question
 * it asked (asked, answered right: in 16 rows per question, the member's id picking one, so concurrent submissions
 * of a check's members rarely wait for each other's row on PostgreSQL); the results read those rows. The attempts and outcomes submitted so far are
 * counted into them here.
 *
 * Checks at the end of a category (issue 38): a check is attached to a video or to a category (`category_id`, one per
 * organization and category), and a category's check may be required for its certificate (`required_for_certificate`).
 * `video_id` becomes nullable: PostgreSQL in place; SQLite cannot drop a NOT NULL, so the table is rebuilt from its own
 * stored definition with foreign keys off while it is swapped (as migration 044 did for users).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`alter table assessment_checks alter column video_id drop not null`.execute(db);
  else await rebuildSqliteChecks(db);
  await db.schema
    .alterTable('assessment_checks')
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('assessment_checks')
    .addColumn('required_for_certificate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('assessment_checks_category_uq').on('assessment_checks').columns(['organization_id', 'category_id']).unique().execute();

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
    .addColumn('shard', 'integer', notNull)
    .addColumn('prompt', 'text', notNull)
    .addColumn('asked_count', 'integer', notNull)
    .addColumn('right_count', 'integer', notNull)
    .addPrimaryKeyConstraint('assessment_question_stats_pk', ['check_id', 'question_id', 'shard'])
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
    .columns(['check_id', 'question_id', 'shard', 'prompt', 'asked_count', 'right_count'])
    .expression(
      db
        .selectFrom('assessment_outcomes')
        .groupBy(['check_id', 'question_id'])
        .select((eb) => [
          'check_id',
          'question_id',
          eb.lit(0).as('shard'),
          eb.fn.min('prompt').as('prompt'),
          eb.fn.countAll().as('asked_count'),
          eb.fn.sum('is_right').as('right_count'),
        ]),
    )
    .execute();
}

async function rebuildSqliteChecks(db: Kysely<any>): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'assessment_checks'`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'assessment_checks' and sql is not null`.execute(
    db,
  );
  const definition = table.rows[0]?.sql;
  const videoColumn = /"video_id" integer not null references/i;
  if (!definition || !videoColumn.test(definition)) throw new Error('The assessment_checks table does not have the video column this migration expects.');
  const rebuilt = definition
    .replace(/^create table "?assessment_checks"?/i, 'create table "assessment_checks_rebuilt"')
    .replace(videoColumn, '"video_id" integer references');
  const columns = await sql<{ name: string }>`select name from pragma_table_info('assessment_checks')`.execute(db);
  const list = columns.rows.map((c) => `"${c.name}"`).join(', ');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql.raw(`insert into assessment_checks_rebuilt (${list}) select ${list} from assessment_checks`).execute(db);
    await sql`drop table assessment_checks`.execute(db);
    await sql`alter table assessment_checks_rebuilt rename to assessment_checks`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('Rebuilding the assessment_checks table broke a foreign key.');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) throw new Error('Migration 064 is not reversible on SQLite: restore the backup taken before it instead.');
  await db.schema.dropIndex('assessment_checks_category_uq').execute();
  await db.schema.alterTable('assessment_checks').dropColumn('required_for_certificate').execute();
  await db.schema.alterTable('assessment_checks').dropColumn('category_id').execute();
  await sql`delete from assessment_checks where video_id is null`.execute(db);
  await sql`alter table assessment_checks alter column video_id set not null`.execute(db);
  await db.schema.dropTable('assessment_question_stats').execute();
  await db.schema.dropTable('assessment_standings').execute();
}
