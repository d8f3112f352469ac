import { KIOSK_MESSAGES, KIOSK_TOKEN_HEADER } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkRoutes } from '../../../test/attack/route-walk.ts';
import { giveSeats, organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { passwordVerifications } from '../../lib/passwords.ts';
import { KIOSK_REFUSED } from '../auth/caller.ts';
import { KIOSK_IDLE_LIFETIME } from '../auth/session-lifetimes.ts';
import { addMember } from '../organization/organization.service.ts';

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

  it('stops PIN guessing at 5 wrong PINs per person in 15 minutes, the right PIN included', async () => {
    const k = await kioskSetUp('Person Limit Org');
    const before = passwordVerifications();
    const statuses = [];
    for (const pin of ['0000', '1111', '2222', '3333', '4444', '5555', '6666']) statuses.push((await kioskSignIn(k.deviceToken, k.member.id, pin)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(passwordVerifications() - before).toBe(5);
    const right = await kioskSignIn(k.deviceToken, k.member.id, '2580');
    expect(right.status).toBe(429);
    expect(right.body.error_messages).toBe(KIOSK_MESSAGES.personThrottled);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('lets at most 5 of 60 concurrent wrong PINs for one person reach the check', async () => {
    const k = await kioskSetUp('Concurrent Org');
    const before = passwordVerifications();
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => kioskSignIn(k.deviceToken, k.member.id, String(1000 + i * 7)).then((r) => r.status)),
    );
    expect(passwordVerifications() - before).toBe(5);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
  });

  it('a success clears the person’s count: 4 wrong, right, 5 wrong more are all checked', async () => {
    const k = await kioskSetUp('Clear Org');
    for (let i = 0; i < 4; i++) expect((await kioskSignIn(k.deviceToken, k.member.id, '9999')).status).toBe(401);
    expect((await kioskSignIn(k.deviceToken, k.member.id, '2580')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await kioskSignIn(k.deviceToken, k.member.id, '9999')).status).toBe(401);
    expect((await kioskSignIn(k.deviceToken, k.member.id, '9999')).status).toBe(429);
  });

  it('stops PIN guessing at 30 wrong PINs per kiosk an hour, across people', async () => {
    const k = await kioskSetUp('Kiosk Limit Org');
    await giveSeats(platform, k.organizationId, 10);
    const crew = [k.member.id, k.superUser.id];
    for (const name of ['Ana', 'Ben', 'Cai', 'Dee', 'Eli']) crew.push(await addTeamMember(k.organizationId, name));
    const before = passwordVerifications();
    // Five wrong PINs for each of six people: 30, none over the person limit.
    for (const userId of crew.slice(0, 6)) {
      for (let i = 0; i < 5; i++) expect((await kioskSignIn(k.deviceToken, userId, '8642')).status).toBe(401);
    }
    expect(passwordVerifications() - before).toBe(30);
    // The seventh person, with no wrong PIN yet, and the member with the right PIN: the kiosk is locked.
    const next = await kioskSignIn(k.deviceToken, crew[6] as number, '8642');
    expect(next.status).toBe(429);
    expect(next.body.error_messages).toBe(KIOSK_MESSAGES.kioskThrottled);
    expect(passwordVerifications() - before).toBe(30);
    // Another kiosk of the same team is not locked by this one.
    const other = await platform.api('POST', '/api/kiosks', { token: k.superUser.token, json: { team_id: k.teamId, name: 'Line 2' } });
    expect((await kioskSignIn(other.body.data.device_token, crew[6] as number, '8642')).status).toBe(401);
  });
});
