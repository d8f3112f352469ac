import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * Practical checks (issue 38): the station's checklist as an observation form a trainer fills on the kiosk beside the
 * operator. Each step passed or failed, with a note and an optional photo (`steps`, JSON), confirmed by the operator's
 * PIN and the trainer's on the tablet (`kiosk_id`). A check with every step passed is also the station's sign-off
 * (`signoff_id`); a failed one is kept as evidence and signs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('practical_checks'))
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('trainer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('trainer_name', 'varchar(220)', notNull)
    .addColumn('kiosk_id', 'integer', (c) => c.references('kiosks.id').onDelete('set null'))
    .addColumn('recorded_at', 'bigint', notNull)
    .addColumn('passed', 'integer', notNull)
    .addColumn('steps', 'text', notNull)
    .addColumn('signoff_id', 'integer', (c) => c.references('signoffs.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('practical_checks_person_idx').on('practical_checks').columns(['organization_id', 'user_id', 'recorded_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('practical_checks').execute();
}
