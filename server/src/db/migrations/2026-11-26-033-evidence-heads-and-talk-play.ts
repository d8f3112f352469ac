import type { Kysely } from 'kysely';

/**
 * One weekly e-mail of the signed evidence chain head per organization and week, claimed so several instances send
 * it once; and how far a toolbox talk's clip played (a talk counts as watching the clip only when it played to the
 * watched threshold; talks recorded before are kept as they were, with 0).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('evidence_head_mails')
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('evidence_head_mails_pk', ['organization_id', 'week'])
    .execute();
  await db.schema
    .alterTable('toolbox_talks')
    .addColumn('played_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
