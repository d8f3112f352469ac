import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startPlatform } from '../../test/harness.ts';
import { isPostgres } from './dialect.ts';
import { readOffLoop } from './read-pool.ts';

describe('long reads off the event loop', () => {
  it('answers what the app committed a moment before, while the loop keeps serving', async () => {
    const platform = await startPlatform();
    try {
      const db = platform.ctx.db;
      await db.insertInto('settings').values({ key: 'read-pool', value: 'committed', created_at: 0 }).execute();
      const { rows } = await readOffLoop<{ value: string }>(db, sql`select value from settings where key = ${'read-pool'}`);
      expect(rows).toEqual([{ value: 'committed' }]);

      // A read of a few hundred milliseconds: on SQLite the loop runs timers meanwhile (on PostgreSQL it always does).
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const long = await readOffLoop<{ n: number }>(
        db,
        sql`with recursive c(i) as (select 1 union all select i + 1 from c where i < 3000000) select count(*) as n from c`,
      );
      clearInterval(timer);
      expect(Number(long.rows[0]?.n)).toBe(3_000_000);
      expect(ticks).toBeGreaterThan(isPostgres(db) ? -1 : 3);
      await expect(readOffLoop(db, sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
    } finally {
      await platform.close();
    }
  });
});
