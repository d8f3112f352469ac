import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../test/migration-db.ts';
import { isPostgres } from './dialect.ts';
import { migrateToLatest } from './migrate.ts';

const database = databaseMigratedTo('2026-11-27-043-assessments');
const t = Date.now();

// Migration 044 rebuilds the users table on SQLite (its e-mail column cannot drop NOT NULL in place): the rows, their
// ids, the rows referencing them and the indexes must come through it unchanged, on either database.
describe('migration 044, people without e-mail', () => {
  it('keeps users, what references them and their rules, then takes members without e-mail', async () => {
    const db = database();
    // The tables as they were before 044 (no sign-in code, e-mail required).
    const anyDb = db as unknown as Kysely<any>;
    const org = await anyDb
      .insertInto('organizations')
      .values({ name: 'Old Org', banner_url: null, created_at: t, updated_at: t })
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
    await anyDb
      .insertInto('sessions')
      .values({ user_id: user.id, token_hash: 'h'.repeat(64), created_at: t, last_used_at: t, expires_at: t + 1000, revoked_at: null, user_agent: null })
      .execute();

    await migrateToLatest(db);

    const kept = await db.selectFrom('users').select(['id', 'email', 'employee_number', 'name', 'search_text']).executeTakeFirstOrThrow();
    expect(kept).toEqual({ id: user.id, email: 'old@example.com', employee_number: null, name: 'Old', search_text: 'old' });
    expect(await db.selectFrom('sessions').select('user_id').execute()).toEqual([{ user_id: user.id }]);
    const code = (await db.selectFrom('organizations').select('sign_in_code').executeTakeFirstOrThrow()).sign_in_code;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    const member = (fields: { email: string | null; employee_number: string | null }) =>
      db
        .insertInto('users')
        .values({ organization_id: org.id, team_id: null, ...fields, password_hash: null, name: 'New', created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
    const numbered = await member({ email: null, employee_number: 'E-1' });
    expect(numbered.id).toBeGreaterThan(user.id);
    // Neither an e-mail nor a number: refused. The same number twice in the organization: refused. E-mail stays unique.
    await expect(member({ email: null, employee_number: null })).rejects.toThrow();
    await expect(member({ email: null, employee_number: 'E-1' })).rejects.toThrow();
    await expect(member({ email: 'old@example.com', employee_number: null })).rejects.toThrow();
    // Deleting the user still cascades to their sessions: the rebuilt table is the one the foreign keys name.
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await db.selectFrom('sessions').select('user_id').execute()).toEqual([]);
    if (!isPostgres(db)) {
      const broken = await sql`pragma foreign_key_check`.execute(db);
      expect(broken.rows).toEqual([]);
    }
  });
});
