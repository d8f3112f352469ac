import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../test/migration-db.ts';
import { migrateToLatest } from './migrate.ts';

const database = databaseMigratedTo('2026-11-28-081-expert-language');
const t = Date.now();

// Notices written before 083 are English sentences: the dashboard's alerts get their key and values back (so they
// follow the reader's language); any other notice keeps its text, read as written.
describe('migration 083, notices in the reader’s language', () => {
  it("gives the alerts and broadcasts already written their key and values, and leaves every other notice's text alone", async () => {
    const db = database();
    const anyDb = db as unknown as Kysely<any>;
    const org = await anyDb
      .insertInto('organizations')
      .values({ name: 'Old Org', banner_url: null, sign_in_code: 'ABCDEFGH', created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await anyDb
      .insertInto('users')
      .values({
        organization_id: org.id,
        team_id: null,
        email: 'old@example.com',
        password_hash: 'x',
        name: 'Old',
        search_text: 'old',
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const category = await anyDb
      .insertInto('categories')
      .values({ key: 'safety', name: 'Safety "first"', picture: null, essential: 1, sort: 1, challenge: '', expert_id: null, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notice = (kind: string, message: string, categoryId: number | null) => ({
      user_id: user.id,
      sender_id: null,
      category_id: categoryId,
      kind,
      message,
      read_at: null,
      created_at: t,
    });
    const alert = 'Sam Super asks you to continue "Safety "first"" (45% watched so far).';
    const broadcast = 'Ana García asks you to continue "Safety "first"" (0% watched so far).';
    const other = 'You are qualified for Press 3.';
    await anyDb
      .insertInto('notices')
      .values([notice('alert', alert, category.id), notice('broadcast', broadcast, category.id), notice('qualification', other, null)])
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('notices').select(['kind', 'message', 'message_key', 'message_values']).orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, message_values: r.message_values === null ? null : JSON.parse(r.message_values) }))).toEqual([
      { kind: 'alert', message: alert, message_key: 'progressAlert', message_values: { supervisor: 'Sam Super', category: 'Safety "first"', percentage: 45 } },
      {
        kind: 'broadcast',
        message: broadcast,
        message_key: 'progressAlert',
        message_values: { supervisor: 'Ana García', category: 'Safety "first"', percentage: 0 },
      },
      { kind: 'qualification', message: other, message_key: null, message_values: null },
    ]);
  });
});
