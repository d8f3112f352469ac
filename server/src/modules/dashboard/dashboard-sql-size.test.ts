import { ALERTS_COUNT_CAP, ALERTS_PER_CATEGORY } from '@mm/contract';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import type { MeasuredMembers } from '../learning/index.ts';
import { startedNotFinishedSql } from './dashboard.queries.ts';

// Issue 41: the alerts statement on PostgreSQL had a branch per category (741 KB of SQL at 200 categories, planned and
// JIT-compiled for seconds). Its size must not grow with the categories beyond their id list.
const postgres = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function selection(categories: number): { p: MeasuredMembers; ids: number[] } {
  const ids = Array.from({ length: categories }, (_, i) => 1000 + i);
  return {
    ids,
    p: {
      organizationId: 1,
      teamId: null,
      ownPathTeamIds: [7],
      measured: [0, 7].flatMap((pathKey) => ids.map((categoryId) => ({ pathKey, categoryId, total: 12 }))),
      hidden: [{ pathKey: 7, videoId: 5, categoryId: ids[0]! }],
    },
  };
}

const bytesAt = (categories: number) => {
  const { p, ids } = selection(categories);
  const statements = startedNotFinishedSql(postgres, p, ids, ALERTS_PER_CATEGORY, ALERTS_COUNT_CAP);
  return {
    listed: statements.listed.compile(postgres).sql.length,
    counts: statements.counts.compile(postgres).sql.length,
    // What the two path keys' measured categories alone take (a values list: grows with the categories by design).
    measured: p.measured.length * `(0, ${ids[0]}, 12), `.length,
  };
};

describe('the alerts statement on PostgreSQL', () => {
  it('stays one statement whose size grows only with the category list, under 20 KB at 200 categories', () => {
    const [at20, at200] = [bytesAt(20), bytesAt(200)];
    for (const size of [at200.listed, at200.counts]) expect(size).toBeLessThan(20_000);
    // 180 more categories add their ids and measured rows, not a branch each.
    expect(at200.listed - at20.listed).toBeLessThan(at200.measured - at20.measured + 180 * 12);
    expect(at200.counts - at20.counts).toBeLessThan(at200.measured - at20.measured + 180 * 12);
  });
});
