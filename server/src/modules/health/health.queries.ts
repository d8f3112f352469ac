import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
