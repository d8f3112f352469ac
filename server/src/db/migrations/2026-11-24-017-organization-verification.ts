import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * An organization registered by a visitor counts (may invite members and e-mail shares to outside addresses)
 * once its owner opens the e-mailed confirmation link; organizations that exist already are counted as confirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('verified_at', 'bigint').execute();
  await sql`update organizations set verified_at = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('verified_at').execute();
}
