import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/*
 * isPostgres, withId and notNull are imported by landed migrations: they are frozen (a change would change what an
 * old migration does on a fresh database). scripts/check-boundaries.ts keeps migrations to these three.
 */

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key on either database. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * An id list bound as one value: a statement of one text for every list length, so it is built, compiled and
 * prepared once (db/compiled-once.ts), where hundreds of bound values cost more to build than to run. The value is
 * text either way: a JSON array on SQLite, an array literal on PostgreSQL.
 */
export function idListValue(db: Kysely<any>, ids: readonly number[]): string {
  return isPostgres(db) ? `{${ids.join(',')}}` : JSON.stringify(ids);
}

/** `(<the ids>)`, for `in` and `not in`, from a value made by `idListValue` (or its stand-in while compiling). */
export function idsIn(db: Kysely<any>, value: string): RawBuilder<number> {
  return isPostgres(db) ? sql<number>`(select unnest(${value}::bigint[]))` : sql<number>`(select value from json_each(${value}))`;
}

/**
 * Rows gathered into one JSON array value (`jsonArrayOf` makes each row an array): a member's hundred-odd rows then
 * come back as one value, where building a JavaScript object per row cost more than finding the rows. An empty set is
 * an empty array on either database; read the value with `jsonValue`.
 */
export function jsonArrayOf(db: Kysely<any>, items: RawBuilder<unknown>, orderBy?: RawBuilder<unknown>): RawBuilder<unknown> {
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  return isPostgres(db) ? sql`coalesce(json_agg(${items}${order}), '[]'::json)` : sql`json_group_array(${items}${order})`;
}

/** One row's columns as a JSON array, to gather with `jsonArrayOf`. */
export function jsonRow(db: Kysely<any>, columns: RawBuilder<unknown>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`json_build_array(${columns})` : sql`json_array(${columns})`;
}

/** A JSON value as the driver hands it: text on SQLite, already parsed on PostgreSQL. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
