import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFakeAsset } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { searchText } from '../../lib/search-text.ts';

/**
 * The studio's list a page at a time over real HTTP (issue 37): past 500 lessons, with its total, its search and its
 * orders kept across pages, and never another organization's lessons.
 */
let platform: TestPlatform;
let a: Awaited<ReturnType<typeof organizationWithMembers>>;
let b: Awaited<ReturnType<typeof organizationWithMembers>>;
const MANY = 530;

/** Lessons of the organization (drafts, or published with `assetId`'s video) in one insert each 500, in creation order (ids ascending). */
async function insertLessons(organizationId: number, by: number, titles: string[], assetId: number | null = null): Promise<number[]> {
  const t = Date.now();
  const ids: number[] = [];
  for (let start = 0; start < titles.length; start += 500) {
    const rows = titles.slice(start, start + 500).map((title, i) => {
      const category = (start + i) % 10 === 0 ? 'Lockout' : 'Presses';
      return {
        organization_id: organizationId,
        title,
        category,
        description: '',
        media_state: assetId === null ? ('none' as const) : ('ready' as const),
        progress: 0,
        error: null,
        media_asset_id: assetId,
        duration_seconds: assetId === null ? null : 60,
        // Published in creation order (the library lists the newest published first).
        published_at: assetId === null ? null : t + start + i,
        search_text: searchText(title, category, ''),
        created_by: by,
        created_at: t + start + i,
        updated_at: t + start + i,
      };
    });
    ids.push(...(await platform.ctx.db.insertInto('studio_lessons').values(rows).returning('id').execute()).map((r) => r.id));
  }
  return ids;
}

let ids: number[];

beforeAll(async () => {
  platform = await startPlatform();
  a = await organizationWithMembers(platform, 'Many Lessons Plant');
  b = await organizationWithMembers(platform, 'Other Plant');
  ids = await insertLessons(
    a.organizationId,
    a.superUser.id,
    Array.from({ length: MANY }, (_, i) => `Lesson ${String(i).padStart(4, '0')}`),
  );
  await insertLessons(b.organizationId, b.superUser.id, ['Lesson of the rival 0001', 'Lesson of the rival 0002']);
}, 60_000);
afterAll(async () => {
  await platform?.close();
});

const list = async (query: string, token = a.superUser.token) => platform.api('GET', `/api/studio/lessons${query}`, { token });
const titles = (res: { body: { data: { lessons: { title: string }[] } } }) => res.body.data.lessons.map((l) => l.title);

describe('the studio list, a page at a time', () => {
  it('answers the first page, newest first, with the total of every page', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: MANY, skip: 0, take: 24 });
    expect(titles(res)).toHaveLength(24);
    expect(titles(res)[0]).toBe('Lesson 0529');
    expect(res.body.data.storage).toBeDefined();
  });

  it('reaches past the 500th lesson: the last page holds the oldest ones', async () => {
    const res = await list('?skip=500&take=100');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(MANY);
    expect(titles(res)).toHaveLength(MANY - 500);
    expect(titles(res).at(-1)).toBe('Lesson 0000');
    expect(res.body.data.lessons.at(-1).id).toBe(ids[0]);
  });

  it('pages every lesson once, in order, whatever the sort', async () => {
    for (const sort of ['newest', 'oldest', 'title'] as const) {
      const seen: string[] = [];
      for (let skip = 0; skip < MANY; skip += 100) seen.push(...titles(await list(`?sort=${sort}&skip=${skip}&take=100`)));
      expect(new Set(seen).size, sort).toBe(MANY);
      const expected = [...seen].sort();
      expect(seen, sort).toEqual(sort === 'newest' ? expected.reverse() : expected);
    }
  });

  it('keeps the search across pages: the total counts the matches only', async () => {
    // Every tenth lesson is in the Lockout category: 53 of them.
    const first = await list('?q=lockout&sort=oldest&take=20');
    expect(first.body.data.total).toBe(53);
    expect(titles(first)[0]).toBe('Lesson 0000');
    const last = await list('?q=LOCKOUT&sort=oldest&skip=40&take=20');
    expect(titles(last)).toHaveLength(13);
    expect(titles(last).at(-1)).toBe('Lesson 0520');
    // Words of the title, as parts of words, all of them: 0052 and 0520 to 0529.
    expect((await list('?q=lesson 052')).body.data.total).toBe(11);
    expect((await list('?q=rival')).body.data.total).toBe(0);
  });

  it("never lists another organization's lessons", async () => {
    const res = await list('?take=100', b.superUser.token);
    expect(res.body.data.total).toBe(2);
    expect(titles(res)).toEqual(['Lesson of the rival 0002', 'Lesson of the rival 0001']);
  });

  it('leaves deleted lessons out of the page and the total', async () => {
    const del = await platform.api('DELETE', `/api/studio/lessons/${ids[MANY - 1]}`, { token: a.superUser.token });
    expect(del.status).toBe(200);
    const res = await list('');
    expect(res.body.data.total).toBe(MANY - 1);
    expect(titles(res)[0]).toBe('Lesson 0528');
  });

  it('refuses a bad page or order with a 400, and a member who is no author with a 403', async () => {
    for (const query of ['?take=0', '?take=101', '?skip=-1', '?sort=size', `?q=${'x'.repeat(101)}`]) expect((await list(query)).status, query).toBe(400);
    expect((await list('', a.member.token)).status).toBe(403);
  });
});

describe("the members' library, a page at a time", () => {
  let lib: Awaited<ReturnType<typeof organizationWithMembers>>;
  const PUBLISHED = 230;
  beforeAll(async () => {
    lib = await organizationWithMembers(platform, 'Library Plant');
    const assetId = await insertFakeAsset(platform.ctx.db, 'q', 60);
    await insertLessons(
      lib.organizationId,
      lib.superUser.id,
      Array.from({ length: PUBLISHED }, (_, i) => `Procedure ${String(i).padStart(4, '0')}`),
      assetId,
    );
    // A draft is never in the library.
    await insertLessons(lib.organizationId, lib.superUser.id, ['Procedure draft']);
  }, 60_000);
  const library = async (query: string) => platform.api('GET', `/api/studio/library${query}`, { token: lib.member.token });

  it('reaches past the 200th lesson, newest published first, with the total', async () => {
    const first = await library('');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: PUBLISHED, skip: 0, take: 24 });
    expect(titles(first)[0]).toBe('Procedure 0229');
    const last = await library('?skip=200&take=100');
    expect(titles(last)).toHaveLength(PUBLISHED - 200);
    expect(titles(last).at(-1)).toBe('Procedure 0000');
  });

  it('keeps the search across pages', async () => {
    // Every tenth procedure is in the Lockout category: 23 of them.
    const first = await library('?q=lockout&take=10');
    expect(first.body.data.total).toBe(23);
    expect(titles(first)[0]).toBe('Procedure 0220');
    const last = await library('?q=lockout&skip=20&take=10');
    expect(titles(last)).toEqual(['Procedure 0020', 'Procedure 0010', 'Procedure 0000']);
  });

  it('refuses a bad page with a 400', async () => {
    for (const query of ['?take=0', '?take=101', '?skip=-1']) expect((await library(query)).status, query).toBe(400);
  });
});
