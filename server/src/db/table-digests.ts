import { sql } from 'kysely';
import type { Db } from './client.ts';

export type TableDigest = { table: string; rows: number; digest: string };

/**
 * Every table of the PostgreSQL schema with its row count and a digest of its contents (the md5 of each row's text,
 * sorted, so the order rows come back in does not matter): two databases with the same digests hold the same rows.
 * The restore drill compares a backup's source with its restored copy this way (docs/operations.md).
 */
export async function tableDigests(db: Db): Promise<TableDigest[]> {
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  const digests: TableDigest[] = [];
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ rows: number; digest: string | null }>`
      select count(*)::int as rows, md5(string_agg(md5(t::text), '' order by md5(t::text))) as digest from ${sql.table(name)} t`.execute(db);
    digests.push({ table: name, rows: rows[0]?.rows ?? 0, digest: rows[0]?.digest ?? '' });
  }
  return digests;
}

/** Every organization's id, for the drill's evidence chain checks. */
export async function organizationIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('organizations').select('id').orderBy('id').execute()).map((row) => row.id);
}
