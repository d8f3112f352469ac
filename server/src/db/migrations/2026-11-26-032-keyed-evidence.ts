import type { Kysely } from 'kysely';

/**
 * The evidence chain becomes keyed (HMAC-SHA256 with a key from the configuration). Records written before keep
 * their plain SHA-256 hash and are marked `keyed` 0; they stay verifiable as they were printed. At the next start
 * the platform appends a keyed `chain_keyed` record to every such chain, whose HMAC covers the last plain hash:
 * from then on a chain must end in keyed records, so rewriting the older part (or dropping the keyed part) without
 * the key shows as a break.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('evidence_records')
    .addColumn('keyed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
