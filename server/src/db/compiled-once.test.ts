import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startPlatform } from '../../test/harness.ts';
import { compiledOnce } from './compiled-once.ts';
import { isPostgres } from './dialect.ts';

describe('statements compiled once', () => {
  it('binds each call its own parameters, keeps the values the query writes itself, and refuses a parameter it cannot bind', async () => {
    const platform = await startPlatform();
    try {
      const db = platform.ctx.db;
      const settingsAbove = compiledOnce((d, key: string, value: string) =>
        d.selectFrom('settings').select(['key', 'value']).where('key', '=', key).where('value', '!=', value).where('key', '!=', 'never such a key'),
      );
      await db
        .insertInto('settings')
        .values([
          { key: 'compiled-a', value: '1', created_at: 0 },
          { key: 'compiled-b', value: '2', created_at: 0 },
        ])
        .execute();
      expect(await settingsAbove(db, 'compiled-a', 'x')).toEqual([{ key: 'compiled-a', value: '1' }]);
      expect(await settingsAbove(db, 'compiled-b', 'x')).toEqual([{ key: 'compiled-b', value: '2' }]);
      expect(await settingsAbove(db, 'compiled-b', '2')).toEqual([]);
      const listed = compiledOnce((d, key: string) =>
        d
          .selectFrom('settings')
          .select('key')
          .where('key', 'in', [key.slice(1)]),
      );
      await expect(listed(db, 'compiled-a')).rejects.toThrow(/not bound as a plain value/);
    } finally {
      await platform.close();
    }
  });

  it('runs as a statement prepared once per connection on PostgreSQL, and goes on answering after a column is added to its table', async () => {
    const platform = await startPlatform();
    try {
      const db = platform.ctx.db;
      const settingValue = compiledOnce((d, key: string) => d.selectFrom('settings').select('value').where('key', '=', key));
      await db.insertInto('settings').values({ key: 'prepared-a', value: 'one', created_at: 0 }).execute();
      await db.connection().execute(async (connection) => {
        expect(await settingValue(connection, 'prepared-a')).toEqual([{ value: 'one' }]);
        if (!isPostgres(db)) return;
        const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
        expect(prepared.rows.map((r) => r.statement)).toContainEqual(expect.stringMatching(/^select "value" from "settings" where "key" = \$1$/));
        // Another instance's migration while this one holds the statement: its columns are named, so its result keeps its shape.
        await sql`alter table settings add column prepared_probe integer`.execute(connection);
        expect(await settingValue(connection, 'prepared-a')).toEqual([{ value: 'one' }]);
      });
    } finally {
      await platform.close();
    }
  });
});
