import type { Kysely } from 'kysely';

/**
 * A member's manager (issue 39, the CSV import's optional `manager` column): another member of the same organization,
 * kept on the account and given to HR systems by `/api/v1/members`; emptied when that account is removed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('manager_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('manager_id').execute();
}
