import type { Kysely } from 'kysely';

/**
 * Kiosk PINs are slowed down before they are locked (issue 34): a counter may hold its subject back until
 * `blocked_until` (epoch ms), set by the same upsert that counts the attempt (lib/throttle.ts). 0: not held back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('throttle_counters')
    .addColumn('blocked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('throttle_counters').dropColumn('blocked_until').execute();
}
