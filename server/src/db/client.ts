import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { usePreparedStatements } from './prepared-statements.ts';
import { attachReadPool } from './read-pool.ts';
import type { Database } from './schema.ts';

// bigint (int8) and numeric columns hold epoch milliseconds and counts: read them as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export type Db = Kysely<Database>;
/** A transaction of the platform's database (what domain events run in). */
export type DbTransaction = Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

/** How much of the database file SQLite reads through a memory map (the app's connection and the reader's). */
export const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

export function createDb(databaseUrl: string): { db: Db; dialect: Dialect } {
  if (databaseUrl.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, pg_terminate_backend) is dropped by the pool and
    // replaced on the next query; without a listener Node would treat the event as fatal.
    pool.on('error', () => undefined);
    usePreparedStatements(pool);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = databaseUrl.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // The pages a request reads (a member's rows, a station's qualifications) are read through a memory map and kept in
  // a 64 MB page cache instead of SQLite's 2 MB default: with a plant's history (hundreds of MB) the default made every
  // indexed lookup a handful of pread calls, about 100 us of a 350 us request (bench CPU profile, issue 39).
  database.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  database.pragma('cache_size = -65536');
  let readers: { close(): unknown } | null = null;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: withStatementCache(database, () => {
        readers?.close();
      }),
    }),
  });
  if (file !== ':memory:') readers = attachReadPool(db, path.resolve(file));
  return { db, dialect: 'sqlite' };
}

/** Distinct SQL texts kept prepared; the app has a few hundred, so the oldest is dropped only in odd cases. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * better-sqlite3 with its statements prepared once per SQL text rather than on every query (preparing cost
 * 8 to 9% of a member call's time). Statements run synchronously, one at a time, so one may serve every
 * caller; nothing in the app streams rows (an open iterator would keep its statement busy).
 */
function withStatementCache(database: SQLite.Database, onClose: () => void) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      onClose();
      database.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Refresh its place: the least recently used is the first in the map.
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
