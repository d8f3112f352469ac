import { NOTICES_LIMIT } from '@mm/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';
import { renewCatalogVersion } from '../settings/index.ts';

let platform: TestPlatform;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;

const MINUTE = 60_000;

/** One notice for `userId`, `minutesAgo` old; returns its id. */
async function leaveNotice(userId: number, message: string, minutesAgo = 0): Promise<number> {
  const row = await platform.ctx.db
    .insertInto('notices')
    .values({ user_id: userId, sender_id: null, category_id: null, kind: 'alert', message, read_at: null, created_at: Date.now() - minutesAgo * MINUTE })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const list = (token: string) => platform.api('GET', '/api/notices', { token });
const markRead = (token: string, json?: unknown) => platform.api('POST', '/api/notices/read', { token, json });

beforeAll(async () => {
  platform = await startPlatform();
  acme = await organizationWithMembers(platform, 'Acme');
  rival = await organizationWithMembers(platform, 'Rival');
});
afterAll(() => platform?.close());

beforeEach(async () => {
  await platform.ctx.db.deleteFrom('notices').execute();
});

describe('GET notices', () => {
  it("lists only the caller's own notices, newest first, with the unread count", async () => {
    await leaveNotice(acme.member.id, 'oldest', 30);
    await leaveNotice(acme.member.id, 'newest', 1);
    await leaveNotice(acme.member.id, 'middle', 10);
    await leaveNotice(acme.superUser.id, 'for the supervisor');
    await leaveNotice(rival.member.id, 'for the rival member');

    const res = await list(acme.member.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.body.data.unread).toBe(3);
    expect(res.body.data.notices.map((n: { message: string }) => n.message)).toEqual(['newest', 'middle', 'oldest']);
    expect(res.body.data.notices[0]).toMatchObject({ kind: 'alert', category_id: null, read: false });
    expect(new Date(res.body.data.notices[0].created_at).toISOString()).toBe(res.body.data.notices[0].created_at);

    const other = await list(rival.member.token);
    expect(other.body.data).toMatchObject({ unread: 1, notices: [{ message: 'for the rival member' }] });
  });

  it(`lists the latest ${NOTICES_LIMIT} but counts every unread notice`, async () => {
    const t = Date.now();
    await platform.ctx.db
      .insertInto('notices')
      .values(
        Array.from({ length: NOTICES_LIMIT + 5 }, (_, i) => ({
          user_id: acme.member.id,
          sender_id: acme.superUser.id,
          category_id: null,
          kind: 'broadcast',
          message: `n${i}`,
          read_at: null,
          created_at: t + i,
        })),
      )
      .execute();
    const res = await list(acme.member.token);
    expect(res.body.data.notices).toHaveLength(NOTICES_LIMIT);
    expect(res.body.data.notices[0].message).toBe(`n${NOTICES_LIMIT + 4}`);
    expect(res.body.data.unread).toBe(NOTICES_LIMIT + 5);
  });

  it('needs a session', async () => {
    expect((await platform.api('GET', '/api/notices')).status).toBe(401);
    expect((await platform.api('GET', '/api/notices', { token: 'not-a-session' })).status).toBe(401);
  });
});

describe('POST notices/read', () => {
  it('marks the listed notices of the caller read and ignores ids of other members, of any organization', async () => {
    const mine = [await leaveNotice(acme.member.id, 'a'), await leaveNotice(acme.member.id, 'b')];
    const colleague = await leaveNotice(acme.superUser.id, 'colleague');
    const stranger = await leaveNotice(rival.member.id, 'stranger');

    const res = await markRead(acme.member.token, { ids: [mine[0], colleague, stranger] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ unread: 1 });

    const after = await list(acme.member.token);
    expect(after.body.data.notices.map((n: { id: number; read: boolean }) => [n.id, n.read])).toEqual([
      [mine[1], false],
      [mine[0], true],
    ]);
    expect((await list(acme.superUser.token)).body.data).toMatchObject({ unread: 1, notices: [{ id: colleague, read: false }] });
    expect((await list(rival.member.token)).body.data).toMatchObject({ unread: 1, notices: [{ id: stranger, read: false }] });
  });

  it("marks every notice of the caller read when no ids are sent, and nobody else's", async () => {
    await leaveNotice(acme.member.id, 'a');
    await leaveNotice(acme.member.id, 'b');
    const stranger = await leaveNotice(rival.member.id, 'stranger');

    expect((await markRead(acme.member.token, {})).body.data).toEqual({ unread: 0 });
    expect((await list(acme.member.token)).body.data.notices.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await list(rival.member.token)).body.data).toMatchObject({ unread: 1, notices: [{ id: stranger, read: false }] });

    // A body-less call is the same as {}; marking again changes nothing.
    await leaveNotice(acme.member.id, 'c');
    const bare = await platform.api('POST', '/api/notices/read', { token: acme.member.token });
    expect(bare.status).toBe(200);
    expect(bare.body.data).toEqual({ unread: 0 });
  });

  it('keeps the first read time', async () => {
    const id = await leaveNotice(acme.member.id, 'a');
    await markRead(acme.member.token, { ids: [id] });
    const first = await platform.ctx.db.selectFrom('notices').select('read_at').where('id', '=', id).executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await markRead(acme.member.token, {});
    const second = await platform.ctx.db.selectFrom('notices').select('read_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(second.read_at)).toBe(Number(first.read_at));
  });

  it('accepts the ids as JSON text in a form body', async () => {
    const id = await leaveNotice(acme.member.id, 'a');
    await leaveNotice(acme.member.id, 'b');
    const res = await platform.api('POST', '/api/notices/read', { token: acme.member.token, form: { ids: JSON.stringify([id]) } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ unread: 1 });
  });

  it('refuses a malformed body with 400 and changes nothing', async () => {
    const id = await leaveNotice(acme.member.id, 'a');
    for (const body of [{ ids: 'all' }, { ids: [] }, { ids: [0] }, { ids: [-1] }, { ids: ['x'] }, { ids: [1.5] }, { ids: id }, { ids: Array(501).fill(id) }]) {
      const res = await markRead(acme.member.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const bad = await platform.api('POST', '/api/notices/read', {
      token: acme.member.token,
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect((await list(acme.member.token)).body.data.unread).toBe(1);
  });

  it('needs a session', async () => {
    expect((await platform.api('POST', '/api/notices/read', { json: {} })).status).toBe(401);
    expect((await platform.api('POST', '/api/notices/read', { token: 'not-a-session', json: {} })).status).toBe(401);
  });

  it('is closed to the read-only guest, who may still list (nothing)', async () => {
    const guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
    expect((await list(guest)).body.data).toEqual({ notices: [], unread: 0 });
    const res = await markRead(guest, {});
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });
});

describe("notices in the reader's language (issue 40)", () => {
  /** The team dashboard's alert about a category the catalog names in Spanish, to a Spanish and an English member. */
  it('writes the alert in Spanish with the Spanish category name for a Spanish member, the English sentence for an English one, and anew after a switch', async () => {
    const db = platform.ctx.db;
    const t = Date.now();
    const { id: categoryId } = await db
      .insertInto('categories')
      .values({
        key: 'notice-safety',
        name: 'Safety first',
        picture: null,
        essential: 1,
        sort: 1,
        challenge: '',
        expert_id: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('category_name_translations')
      .values({ category_id: categoryId, locale: 'es', name: 'Seguridad ante todo', origin: 'author', source_hash: null, created_at: t })
      .execute();
    await renewCatalogVersion(db);
    const anaEmail = uniqueEmail('ana');
    const ana = await addMember(platform.ctx, acme.organizationId, { email: anaEmail, password: STRONG_PASSWORD, name: 'Ana', lastName: 'García' });
    const anaToken = await signIn(platform, anaEmail);
    const setLocale = (locale: string) => platform.api('POST', '/api/set_locale', { token: anaToken, json: { locale } });
    const messages = async (token: string) => (await list(token)).body.data.notices.map((n: { message: string }) => n.message);

    expect((await setLocale('es')).status).toBe(200);
    for (const userId of [ana, acme.member.id]) {
      const sent = await platform.api('GET', `/api/dashboard/team/${userId}`, {
        token: acme.superUser.token,
        query: { supervisor_name: 'Sam Super', category_id: String(categoryId) },
      });
      expect(sent.status).toBe(200);
    }
    expect(await messages(anaToken)).toEqual(['Sam Super le pide que continúe «Seguridad ante todo» (ha visto el 0 % hasta ahora).']);
    expect(await messages(acme.member.token)).toEqual(['Sam Super asks you to continue "Safety first" (0% watched so far).']);
    // A member who switches language reads their old notices in the new one.
    expect((await setLocale('en')).status).toBe(200);
    expect(await messages(anaToken)).toEqual(['Sam Super asks you to continue "Safety first" (0% watched so far).']);
  });
});
