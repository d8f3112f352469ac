import type { Kysely } from 'kysely';

/**
 * Stations that require a knowledge check (issue 38): a station requirement can ask that the checks of its lessons be
 * passed (beside the trainer's sign-off); a training record remembers when the check of its video was passed, so
 * closing the record (expiry, recertification, a revision that requires retraining) asks for the check again; and a
 * qualification keeps how many checks it requires and how many are passed, so the matrix can say what is missing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('station_requirements')
    .addColumn('requires_check', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('training_records').addColumn('check_passed_at', 'bigint').execute();
  await db.schema
    .alterTable('qualifications')
    .addColumn('checks_required_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('qualifications')
    .addColumn('checks_passed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('qualifications').dropColumn('checks_passed_count').execute();
  await db.schema.alterTable('qualifications').dropColumn('checks_required_count').execute();
  await db.schema.alterTable('training_records').dropColumn('check_passed_at').execute();
  await db.schema.alterTable('station_requirements').dropColumn('requires_check').execute();
}
