import { describe, expect, it } from 'vitest';
import { startPlatform } from '../../test/harness.ts';
import { compiledOnce } from './compiled-once.ts';

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
});
