import { KIOSK_MESSAGES, KIOSK_TOKEN_HEADER } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkRoutes } from '../../../test/attack/route-walk.ts';
import { giveSeats, organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { passwordVerifications } from '../../lib/passwords.ts';
import { KIOSK_REFUSED } from '../auth/caller.ts';
import { KIOSK_IDLE_LIFETIME } from '../auth/session-lifetimes.ts';
import { addMember } from '../organization/organization.service.ts';
import { badgeCode } from '../toolbox/index.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

const teamOf = async (userId: number) =>
  (await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', userId).executeTakeFirstOrThrow()).team_id as number;

/** An organization with a kiosk enrolled for its Assembly team, and its member's PIN set to 2580. */
async function kioskSetUp(name: string) {
  const org = await organizationWithMembers(platform, name);
  const teamId = await teamOf(org.member.id);
  const enrolled = await platform.api('POST', '/api/kiosks', { token: org.superUser.token, json: { team_id: teamId, name: 'Line 1 tablet' } });
  expect(enrolled.status).toBe(201);
  const pin = await platform.api('POST', '/api/kiosk-pin', { token: org.member.token, json: { pin: '2580', pin_confirmation: '2580' } });
  expect(pin.status).toBe(201);
  return { ...org, teamId, kioskId: enrolled.body.data.kiosk.id as number, deviceToken: enrolled.body.data.device_token as string };
}

/** Lets a person's growing wait pass (the test cannot wait minutes): what the clock would do, on the counter row. */
const waitPassed = (userId: number) =>
  platform.ctx.db
    .updateTable('throttle_counters')
    .set({ blocked_until: 0 })
    .where('kind', '=', 'kiosk_pin_user')
    .where('subject', '=', String(userId))
    .execute();

const kioskSignIn = (deviceToken: string, userId: number, pin: string) =>
  platform.api('POST', '/api/kiosk/sign-in', { headers: { [KIOSK_TOKEN_HEADER]: deviceToken }, json: { user_id: userId, pin } });

async function addTeamMember(organizationId: number, name: string): Promise<number> {
  return addMember(platform.ctx, organizationId, { email: uniqueEmail(name), password: STRONG_PASSWORD, name, lastName: 'Crew', team: 'Assembly' });
}

describe('kiosk enrolment and roster', () => {
  it('stores the device token hashed and shows the team with faces, names and whether each has a PIN', async () => {
    const k = await kioskSetUp('Roster Org');
    const row = await platform.ctx.db.selectFrom('kiosks').selectAll().where('id', '=', k.kioskId).executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(k.deviceToken);
    const pinRow = await platform.ctx.db.selectFrom('kiosk_pins').select('pin_hash').where('user_id', '=', k.member.id).executeTakeFirstOrThrow();
    expect(pinRow.pin_hash).toMatch(/^\$argon2id\$/);

    const roster = await platform.api('GET', '/api/kiosk/roster', { headers: { [KIOSK_TOKEN_HEADER]: k.deviceToken } });
    expect(roster.status).toBe(200);
    expect(roster.body.data.kiosk).toEqual({ name: 'Line 1 tablet', team: 'Assembly', organization: 'Roster Org' });
    expect(roster.body.data.idle_seconds).toBe(120);
    const byId = new Map(roster.body.data.members.map((m: { user_id: number }) => [m.user_id, m]));
    expect(byId.get(k.member.id)).toMatchObject({ name: 'Mia', last_name: 'Member', has_pin: true });
    expect(byId.get(k.superUser.id)).toMatchObject({ has_pin: false });
    expect(JSON.stringify(roster.body)).not.toMatch(/argon2|pin_hash|email/);

    const listed = await platform.api('GET', '/api/kiosks', { token: k.superUser.token });
    expect(listed.body.data.kiosks).toEqual([expect.objectContaining({ id: k.kioskId, team: 'Assembly', revoked_at: null })]);
    expect(listed.body.data.teams).toEqual([{ id: k.teamId, name: 'Assembly' }]);
    expect(JSON.stringify(listed.body)).not.toMatch(/token/);
  });

  it("refuses another organization's team, members and kiosks", async () => {
    const a = await kioskSetUp('Victim Org');
    const b = await kioskSetUp('Attacker Org');
    const enrol = await platform.api('POST', '/api/kiosks', { token: b.superUser.token, json: { team_id: a.teamId, name: 'Sneaky' } });
    expect(enrol.status).toBe(404);
    const revoke = await platform.api('POST', `/api/kiosks/${a.kioskId}/revoke`, { token: b.superUser.token });
    expect(revoke.status).toBe(404);
    // B's kiosk cannot sign in A's member, even with the right PIN.
    const signIn = await kioskSignIn(b.deviceToken, a.member.id, '2580');
    expect(signIn.status).toBe(404);
    expect(signIn.body.error_messages).toBe(KIOSK_MESSAGES.notOnTeam);
    expect((await platform.api('GET', '/api/kiosks', { token: a.member.token })).status).toBe(403);
  });

  it("finds the team member a scanned badge names, and nobody for another team's, another organization's or a forged badge", async () => {
    const k = await kioskSetUp('Badge Org');
    const other = await kioskSetUp('Badge Other Org');
    const scan = (deviceToken: string | null, code: string) =>
      platform.api('POST', '/api/kiosk/badge', { headers: deviceToken ? { [KIOSK_TOKEN_HEADER]: deviceToken } : {}, json: { code } });
    const badge = await badgeCode(platform.ctx.db, k.member.id);
    // A handheld scanner types the code and Enter; spaces around it are the scanner's, not the badge's.
    const found = await scan(k.deviceToken, ` ${badge} `);
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({ user_id: k.member.id, name: 'Mia', last_name: 'Member', picture: null, has_pin: true });
    expect(JSON.stringify(found.body)).not.toMatch(/argon2|pin_hash|email|token/);

    const elsewhere = await scan(other.deviceToken, badge);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error_messages).toBe(KIOSK_MESSAGES.badgeNotOnTeam);
    const forged = await scan(
      k.deviceToken,
      badge.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    );
    expect(forged.status).toBe(404);
    const someoneElse = await scan(k.deviceToken, badge.replace(`-${k.member.id}-`, `-${other.member.id}-`));
    expect(someoneElse.status).toBe(404);
    const offTeam = await addMember(platform.ctx, k.organizationId, {
      email: uniqueEmail('paint'),
      password: STRONG_PASSWORD,
      name: 'Pia',
      lastName: 'Paint',
      team: 'Paint',
    });
    expect((await scan(k.deviceToken, await badgeCode(platform.ctx.db, offTeam))).status).toBe(404);
    expect((await scan(null, badge)).status).toBe(401);
    expect((await scan(k.deviceToken, '')).status).toBe(400);
    // A badge finds the person; only the PIN signs them in.
    expect((await kioskSignIn(k.deviceToken, found.body.data.user_id, '2580')).status).toBe(200);
  });

  it('refuses simple PINs and mismatched confirmations', async () => {
    const org = await organizationWithMembers(platform, 'Pin Rules Org');
    for (const [pin, confirmation, message] of [
      ['123', '123', KIOSK_MESSAGES.pinFormat],
      ['1234567', '1234567', KIOSK_MESSAGES.pinFormat],
      ['1111', '1111', KIOSK_MESSAGES.pinTooSimple],
      ['456789', '456789', KIOSK_MESSAGES.pinTooSimple],
      ['4321', '4321', KIOSK_MESSAGES.pinTooSimple],
      ['2580', '2581', KIOSK_MESSAGES.pinMismatch],
    ]) {
      const res = await platform.api('POST', '/api/kiosk-pin', { token: org.member.token, json: { pin, pin_confirmation: confirmation } });
      expect(res.status, pin).toBe(400);
      expect(res.body.error_messages).toContain(message);
    }
    expect((await platform.api('GET', '/api/kiosk-pin', { token: org.member.token })).body.data).toEqual({ has_pin: false });
  });
});

describe('kiosk PIN sign-in', () => {
  it('opens a short session, refused on every route not open to kiosks (account, billing, administration)', async () => {
    const k = await kioskSetUp('Session Org');
    const before = Date.now();
    const res = await kioskSignIn(k.deviceToken, k.member.id, '2580');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: k.member.id, kiosk_id: k.kioskId, is_super_user: 0, idle_seconds: 120 });
    const token = res.body.data.token as string;
    const session = await platform.ctx.db.selectFrom('sessions').selectAll().where('kiosk_id', '=', k.kioskId).executeTakeFirstOrThrow();
    expect(session.expires_at).toBeLessThanOrEqual(Date.now() + KIOSK_IDLE_LIFETIME);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + KIOSK_IDLE_LIFETIME);

    // What the operator came for works; the shared tablet's browser keeps none of it.
    const path = await platform.api('GET', '/api/learning_path_home', { token });
    expect(path.status).toBe(200);
    expect([path.headers.get('cache-control'), path.headers.get('etag')]).toEqual(['no-store', null]);
    expect((await platform.api('GET', '/api/notices', { token })).status).toBe(200);

    // Every signed-in route is called with the kiosk session: those outside the modules open to kiosks refuse it
    // before any work, with the kiosk message; account, billing and administration are among them.
    const refused: string[] = [];
    const reachable: string[] = [];
    for (const route of walkRoutes(platform.routes).filter((r) => r.auth === 'member' && r.url.startsWith('/api/') && r.url !== '/api/logout')) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const answer = await platform.api(route.method, url, { token, json: route.method === 'GET' ? undefined : {} });
      const name = `${route.method} ${route.url}`;
      if (answer.body?.error_messages === KIOSK_REFUSED) {
        expect(answer.status, name).toBe(403);
        expect(answer.body.code, name).toBe('kiosk_refused');
        refused.push(name);
      } else reachable.push(name);
    }
    expect(refused).toEqual(
      expect.arrayContaining([
        'POST /api/updateProfile',
        'GET /api/user/:userId/infos',
        'POST /api/changePassword',
        'GET /api/kiosk-pin',
        'POST /api/kiosk-pin',
        'POST /api/videos/share',
        'POST /api/create-checkout-session',
        'POST /api/cancel/subscription',
        'POST /api/v4/register_members',
        'POST /api/v4/create_user',
        'POST /api/v4/list_users',
        'GET /api/kiosks',
        'POST /api/kiosks',
        'GET /api/get_dashboard_users_alerts',
        'POST /api/organization/edit/:orgId',
        'GET /api/organization/:orgId/teams',
        'PUT /api/assessments/videos/:videoId/check',
        'GET /api/assessments/videos/:videoId/results',
      ]),
    );
    expect(reachable).toEqual(
      expect.arrayContaining([
        'GET /api/learning_path_home',
        'GET /api/profile',
        'GET /api/get_banner_organization/:organizationId',
        'POST /api/videos/view',
        'POST /api/watch-user-video',
        'GET /api/search',
        'GET /api/assessments/videos/:videoId/check',
        'POST /api/assessments/videos/:videoId/attempts',
        'POST /api/assessments/attempts/:attemptId/submit',
      ]),
    );

    // "Done" ends it.
    expect((await platform.api('POST', '/api/logout', { token })).status).toBe(200);
    expect((await platform.api('GET', '/api/learning_path_home', { token })).status).toBe(401);
  });

  it('a super user signed in on a kiosk is a plain member there', async () => {
    const k = await kioskSetUp('Boss Kiosk Org');
    await platform.api('POST', '/api/kiosk-pin', { token: k.superUser.token, json: { pin: '7391', pin_confirmation: '7391' } });
    const res = await kioskSignIn(k.deviceToken, k.superUser.id, '7391');
    expect(res.status).toBe(200);
    expect(res.body.data.is_super_user).toBe(0);
    const dashboard = await platform.api('GET', '/api/get_dashboard_users_alerts', { token: res.body.data.token });
    expect(dashboard.status).toBe(403);
  });

  it('refuses a revoked kiosk token, and the sessions opened on it', async () => {
    const k = await kioskSetUp('Revoke Org');
    const session = (await kioskSignIn(k.deviceToken, k.member.id, '2580')).body.data.token as string;
    // Used once, so the instance keeps it (issue 41): the revocation must drop it.
    expect((await platform.api('GET', '/api/learning_path_home', { token: session })).status).toBe(200);
    const revoked = await platform.api('POST', `/api/kiosks/${k.kioskId}/revoke`, { token: k.superUser.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).not.toBeNull();
    const roster = await platform.api('GET', '/api/kiosk/roster', { headers: { [KIOSK_TOKEN_HEADER]: k.deviceToken } });
    expect(roster.status).toBe(401);
    expect(roster.body.error_messages).toBe(KIOSK_MESSAGES.unknownKiosk);
    expect((await kioskSignIn(k.deviceToken, k.member.id, '2580')).status).toBe(401);
    expect((await platform.api('GET', '/api/learning_path_home', { token: session })).status).toBe(401);
    expect((await platform.api('GET', '/api/kiosk/roster')).status).toBe(401);
  });

  it("ends the member's session at Done, though the instance kept it", async () => {
    const k = await kioskSetUp('Done Org');
    const session = (await kioskSignIn(k.deviceToken, k.member.id, '2580')).body.data.token as string;
    expect((await platform.api('GET', '/api/learning_path_home', { token: session })).status).toBe(200);
    expect((await platform.api('POST', '/api/logout', { token: session })).status).toBe(200);
    expect((await platform.api('GET', '/api/learning_path_home', { token: session })).status).toBe(401);
  });

  it('slows a person down with growing waits from the third wrong PIN, enforced on the server and shown in Retry-After', async () => {
    const k = await kioskSetUp('Delay Org');
    const before = passwordVerifications();
    for (const pin of ['0000', '1111']) {
      const wrong = await kioskSignIn(k.deviceToken, k.member.id, pin);
      expect([wrong.status, wrong.headers.get('retry-after')]).toEqual([401, null]);
    }
    const third = await kioskSignIn(k.deviceToken, k.member.id, '2222');
    expect([third.status, third.body.error_messages, third.headers.get('retry-after')]).toEqual([401, KIOSK_MESSAGES.wrongPin, '8']);
    // During the wait even the right PIN is refused unchecked, and not counted.
    const early = await kioskSignIn(k.deviceToken, k.member.id, '2580');
    expect([early.status, early.body.error_messages]).toEqual([429, KIOSK_MESSAGES.pinWait]);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(7);
    expect(passwordVerifications() - before).toBe(3);
    await waitPassed(k.member.id);
    const fourth = await kioskSignIn(k.deviceToken, k.member.id, '3333');
    expect([fourth.status, fourth.headers.get('retry-after')]).toEqual([401, '16']);
    await waitPassed(k.member.id);
    expect((await kioskSignIn(k.deviceToken, k.member.id, '2580')).status).toBe(200);
    // A success clears the count: the next two wrong PINs carry no wait again.
    expect((await kioskSignIn(k.deviceToken, k.member.id, '9999')).headers.get('retry-after')).toBeNull();
  });

  it('lets parallel wrong PINs for one person reach the check at most 20 times an hour, then locks and tells the super users', async () => {
    const k = await kioskSetUp('Concurrent Org');
    const before = passwordVerifications();
    const round = () => Promise.all(Array.from({ length: 12 }, (_, i) => kioskSignIn(k.deviceToken, k.member.id, String(1000 + i * 7)).then((r) => r.status)));
    const first = await round();
    // Two attempts are free, the third sets the wait: the other nine are refused unchecked.
    expect(passwordVerifications() - before).toBe(3);
    expect(first.filter((s) => s === 401)).toHaveLength(3);
    expect(first.filter((s) => s === 429)).toHaveLength(9);
    for (let i = 0; i < 20; i++) {
      await waitPassed(k.member.id);
      await round();
    }
    expect(passwordVerifications() - before).toBe(20);
    await waitPassed(k.member.id);
    const right = await kioskSignIn(k.deviceToken, k.member.id, '2580');
    expect([right.status, right.body.error_messages]).toEqual([429, KIOSK_MESSAGES.personThrottled]);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(passwordVerifications() - before).toBe(20);

    const notices = await platform.api('GET', '/api/notices', { token: k.superUser.token });
    const locks = notices.body.data.notices.filter((n: { message: string }) => n.message.includes('locked out of the kiosks'));
    expect(locks).toHaveLength(1);
    expect(locks[0].message).toContain('Mia Member');
    const memberNotices = await platform.api('GET', '/api/notices', { token: k.member.token });
    expect(JSON.stringify(memberNotices.body.data)).not.toContain('locked out');
  });

  it('shows a locked person to the super user, who lifts the lock at once; members and other organizations are refused', async () => {
    const k = await kioskSetUp('Unlock Person Org');
    const other = await organizationWithMembers(platform, 'Other Unlock Org');
    for (let i = 0; i < 20; i++) {
      await waitPassed(k.member.id);
      expect((await kioskSignIn(k.deviceToken, k.member.id, '9999')).status).toBe(401);
    }
    await waitPassed(k.member.id);
    expect((await kioskSignIn(k.deviceToken, k.member.id, '2580')).status).toBe(429);

    const listed = await platform.api('GET', '/api/kiosks', { token: k.superUser.token });
    expect(listed.body.data.locked_people).toEqual([
      { user_id: k.member.id, name: 'Mia', last_name: 'Member', team: 'Assembly', unlocks_at: expect.any(String) },
    ]);
    const left = Date.parse(listed.body.data.locked_people[0].unlocks_at) - Date.now();
    expect(left).toBeGreaterThan(50 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
    expect((await platform.api('GET', '/api/kiosks', { token: other.superUser.token })).body.data.locked_people).toEqual([]);

    const byMember = await platform.api('POST', `/api/kiosk-locks/${k.member.id}/unlock`, { token: k.member.token });
    expect(byMember.status).toBe(403);
    const byOther = await platform.api('POST', `/api/kiosk-locks/${k.member.id}/unlock`, { token: other.superUser.token });
    expect([byOther.status, byOther.body.success, byOther.body.error_messages]).toEqual([404, false, KIOSK_MESSAGES.noSuchPerson]);
    expect((await kioskSignIn(k.deviceToken, k.member.id, '2580')).status).toBe(429);

    const unlocked = await platform.api('POST', `/api/kiosk-locks/${k.member.id}/unlock`, { token: k.superUser.token });
    expect([unlocked.status, unlocked.body.message]).toEqual([200, KIOSK_MESSAGES.personUnlocked]);
    expect((await platform.api('GET', '/api/kiosks', { token: k.superUser.token })).body.data.locked_people).toEqual([]);
    expect((await kioskSignIn(k.deviceToken, k.member.id, '2580')).status).toBe(200);
  });

  it('locks a kiosk at 30 wrong PINs an hour across people; taps refused during a wait do not count; the super user unlocks it', async () => {
    const k = await kioskSetUp('Kiosk Limit Org');
    await giveSeats(platform, k.organizationId, 10);
    const other = await organizationWithMembers(platform, 'Other Kiosk Org');
    const crew = [k.member.id, k.superUser.id];
    for (const name of ['Ana', 'Ben', 'Cai', 'Dee', 'Eli']) crew.push(await addTeamMember(k.organizationId, name));
    const before = passwordVerifications();
    // Three wrong PINs for the member, then taps during the wait: refused unchecked, and not counted on the kiosk.
    for (let i = 0; i < 3; i++) expect((await kioskSignIn(k.deviceToken, k.member.id, '8642')).status).toBe(401);
    for (let i = 0; i < 40; i++) expect((await kioskSignIn(k.deviceToken, k.member.id, '8642')).status).toBe(429);
    // Five wrong PINs for each of six people (the member's three included): 30.
    for (const userId of crew.slice(0, 6)) {
      for (let i = userId === k.member.id ? 3 : 0; i < 5; i++) {
        await waitPassed(userId);
        expect((await kioskSignIn(k.deviceToken, userId, '8642')).status).toBe(401);
      }
    }
    expect(passwordVerifications() - before).toBe(30);
    const next = await kioskSignIn(k.deviceToken, crew[6] as number, '8642');
    expect([next.status, next.body.error_messages]).toEqual([429, KIOSK_MESSAGES.kioskThrottled]);
    expect(passwordVerifications() - before).toBe(30);
    const notices = await platform.api('GET', '/api/notices', { token: k.superUser.token });
    expect(notices.body.data.notices.filter((n: { message: string }) => n.message.includes('"Line 1 tablet" is locked'))).toHaveLength(1);

    const listed = await platform.api('GET', '/api/kiosks', { token: k.superUser.token });
    expect(listed.body.data.kiosks[0].locked_until).toEqual(expect.any(String));
    expect((await platform.api('POST', `/api/kiosks/${k.kioskId}/unlock`, { token: k.member.token })).status).toBe(403);
    expect((await platform.api('POST', `/api/kiosks/${k.kioskId}/unlock`, { token: other.superUser.token })).status).toBe(404);
    expect((await kioskSignIn(k.deviceToken, crew[6] as number, '8642')).status).toBe(429);
    const unlocked = await platform.api('POST', `/api/kiosks/${k.kioskId}/unlock`, { token: k.superUser.token });
    expect([unlocked.status, unlocked.body.message]).toEqual([200, KIOSK_MESSAGES.kioskUnlocked]);
    expect((await platform.api('GET', '/api/kiosks', { token: k.superUser.token })).body.data.kiosks[0].locked_until).toBeNull();
    expect((await kioskSignIn(k.deviceToken, crew[6] as number, '8642')).status).toBe(401);
  });
});
