import { afterAll, beforeAll } from 'vitest';
import { createDb, type Db } from '../src/db/client.ts';
import { migrateTo } from '../src/db/migrate.ts';
import { freshDatabaseUrl } from './harness.ts';

/**
 * A migration test's database: a fresh one (a SQLite file, or a PostgreSQL database when DATABASE_URL names one)
 * migrated up to `migration`, the one before the migration under test, and dropped after the file's tests. The
 * answer gives it inside a test.
 */
export function databaseMigratedTo(migration: string): () => Db {
  let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let db: Db;
  beforeAll(async () => {
    database = await freshDatabaseUrl();
    db = createDb(database.url).db;
    await migrateTo(db, migration);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });
  return () => db;
}
