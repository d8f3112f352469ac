import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { announceChange, type ChangeListener, LISTENER_NAME } from '../../db/change-notices.ts';
import { isPostgres } from '../../db/dialect.ts';
import { hashToken } from '../../lib/crypto.ts';
import { updateUser } from '../users/users.queries.ts';
import { createSessionCache, type KeptSession } from './session-cache.ts';
import { openSession } from './sessions.queries.ts';

/**
 * Sessions kept per instance (issue 41): a kept session is used without reading it again, and every way a session
 * ends drops it at once. A revocation written behind the platform's back (no notice) shows that it was kept.
 */
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

const profile = async (token: string) => (await platform.api('GET', '/api/profile', { token })).status;
/** Ends the session in the database without any notice: an instance that kept it still answers. */
const revokeBehindItsBack = (token: string) =>
  platform.ctx.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('token_hash', '=', hashToken(token)).execute();

async function until(what: string, check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a kept session', () => {
  it('is used again without reading it, until a notice drops it', async () => {
    const org = await organizationWithMembers(platform);
    expect(await profile(org.member.token)).toBe(200);
    await revokeBehindItsBack(org.member.token);
    expect(await profile(org.member.token)).toBe(200);
    const session = await platform.ctx.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(org.member.token)).executeTakeFirstOrThrow();
    await announceChange(platform.ctx.db, `session:${session.id}`);
    expect(await profile(org.member.token)).toBe(401);
  });

  it('ends at sign-out', async () => {
    const org = await organizationWithMembers(platform);
    const other = await signIn(platform, org.member.email);
    expect([await profile(org.member.token), await profile(other)]).toEqual([200, 200]);
    expect((await platform.api('POST', '/api/logout', { token: org.member.token })).status).toBe(200);
    expect([await profile(org.member.token), await profile(other)]).toEqual([401, 200]);
  });

  it('ends, but the current one, at a password change', async () => {
    const org = await organizationWithMembers(platform);
    const other = await signIn(platform, org.member.email);
    expect(await profile(other)).toBe(200);
    const changed = await platform.api('POST', '/api/changePassword', {
      token: org.member.token,
      json: { old_password: STRONG_PASSWORD, password: 'Brand-New-Password-9', password_confirmation: 'Brand-New-Password-9' },
    });
    expect(changed.status).toBe(200);
    expect([await profile(org.member.token), await profile(other)]).toEqual([200, 401]);
  });

  it('ends when a super user deletes the member', async () => {
    const org = await organizationWithMembers(platform);
    expect(await profile(org.member.token)).toBe(200);
    const deleted = await platform.api('POST', '/api/v4/delete_user', { token: org.superUser.token, json: { user_id: org.member.id } });
    expect(deleted.status).toBe(200);
    expect(await profile(org.member.token)).toBe(401);
  });

  it('follows a change to the member (a super user no more) on the next call', async () => {
    const org = await organizationWithMembers(platform);
    const boss = { token: org.superUser.token };
    const dashboard = async () =>
      (
        await platform.api('GET', '/api/get_dashboard_users_alerts', {
          ...boss,
          query: { organizationId: String(org.organizationId), team: '', categoryId: '' },
        })
      ).status;
    expect(await dashboard()).toBe(200);
    // The users module's update announces the change.
    await updateUser(platform.ctx.db, org.superUser.id, { is_super_user: 0 });
    expect(await dashboard()).toBe(403);
  });
});

describe('notices missed', () => {
  it('a dropped listening connection empties the kept sessions', async () => {
    if (!isPostgres(platform.ctx.db)) return; // SQLite: one process, its notices cannot be missed.
    const org = await organizationWithMembers(platform);
    expect(await profile(org.member.token)).toBe(200);
    await revokeBehindItsBack(org.member.token);
    expect(await profile(org.member.token)).toBe(200);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(
      platform.ctx.db,
    );
    await until('the kept session to be dropped', async () => (await profile(org.member.token)) === 401);
    // Listening again: a session kept after the reconnect is dropped by a notice as before. Each try takes a new
    // session: one revoked behind the instance's back before it listened again was never kept, and stays refused.
    let again = '';
    await until('the instance to listen again', async () => {
      again = await openSession(platform.ctx.db, org.member.id);
      await profile(again);
      await revokeBehindItsBack(again);
      return (await profile(again)) === 200;
    });
    // A notice from another instance (straight on the channel, not through this process's bus).
    const session = await platform.ctx.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(again)).executeTakeFirstOrThrow();
    await sql`select pg_notify('mm_changes', ${`session:${session.id}`})`.execute(platform.ctx.db);
    await until('the notice to drop the session', async () => (await profile(again)) === 401, 1000);
  });

  it('empty the cache, which keeps nothing until it listens again', () => {
    let live = true;
    let onMissed = () => {};
    const listener: ChangeListener = {
      live: () => live,
      subscribe: (_notice, missed) => {
        onMissed = missed;
      },
      close: async () => {},
    };
    const cache = createSessionCache(listener);
    const t = Date.now();
    const session = { sessionId: 1, userId: 1, expiresAt: t + 60_000, readAt: t } as KeptSession;
    cache.keep('a', session, cache.generation);
    expect(cache.get('a', t)).toBe(session);
    live = false;
    onMissed();
    expect(cache.size).toBe(0);
    cache.keep('a', session, cache.generation);
    expect(cache.get('a', t)).toBeUndefined();
    live = true;
    // A session read before a notice is not kept after it (it may predate the change).
    const since = cache.generation;
    onMissed();
    cache.keep('a', session, since);
    expect(cache.get('a', t)).toBeUndefined();
  });
});
