import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key on either database. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * `in (<ids>)` with the list bound as one value (a JSON array on SQLite, an array on PostgreSQL): a statement of one
 * text for every list length, so it is built, compiled and prepared once, where hundreds of bound values cost more
 * to build than to run.
 */
export function idList(db: Kysely<any>, ids: readonly number[]): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`(select unnest(${[...ids]}::bigint[]))` : sql<number>`(select value from json_each(${JSON.stringify(ids)}))`;
}
