import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSeats, organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { openSession } from '../auth/index.ts';

/**
 * SCIM 2.0 over real HTTP, replaying what identity providers send: Microsoft Entra's request/response examples
 * ("Tutorial: Develop and plan provisioning for a SCIM endpoint", User and Group operations) and Okta's SCIM 2.0 test
 * sequence (list, filter, create, duplicate, get, PUT, PATCH active, groups with members).
 */
let platform: TestPlatform;
let org: Awaited<ReturnType<typeof organizationWithMembers>>;
let token: string;

const SCIM = 'application/scim+json';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function scim<T = any>(method: string, path: string, body?: unknown, bearer = token) {
  const res = await fetch(`${platform.url}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body !== undefined && { 'content-type': SCIM }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as T,
    type: res.headers.get('content-type') ?? '',
    location: res.headers.get('location'),
  };
}

const filterPath = (attribute: string, value: string) => `?filter=${encodeURIComponent(`${attribute} eq "${value}"`)}`;

async function newToken(superUserToken = org.superUser.token) {
  const res = await platform.api('POST', '/api/scim/token', { token: superUserToken });
  expect(res.status).toBe(201);
  return res.body.data.token as string;
}

beforeAll(async () => {
  platform = await startPlatform();
  org = await organizationWithMembers(platform, 'Acme Stamping');
  await giveSeats(platform, org.organizationId, 20);
  token = await newToken();
});
afterAll(async () => platform?.close());

describe('the SCIM token (super user)', () => {
  it('is created by a super user only, shown once, and the settings show the base URL but never the token', async () => {
    expect((await platform.api('POST', '/api/scim/token', { token: org.member.token })).status).toBe(403);
    expect((await platform.api('GET', '/api/scim', { token: org.member.token })).status).toBe(403);
    const settings = await platform.api('GET', '/api/scim', { token: org.superUser.token });
    expect(settings.status).toBe(200);
    expect(settings.body.data.base_url).toBe(`${platform.url}/scim/v2`);
    expect(settings.body.data.token).toMatchObject({ created_at: expect.any(String) });
    expect(JSON.stringify(settings.body)).not.toContain(token);
    const stored = await platform.ctx.db.selectFrom('scim_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  it('refuses a call without a token, with a wrong one, in SCIM error format', async () => {
    const none = await fetch(`${platform.url}/scim/v2/Users`);
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toContain(SCIM);
    expect(await none.json()).toMatchObject({ schemas: [ERROR], status: '401' });
    expect((await scim('GET', '/Users', undefined, 'scim_not-a-token')).status).toBe(401);
  });
});

describe('discovery', () => {
  it('answers ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toContain(SCIM);
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((r: { id: string }) => r.id)).toEqual([
      'urn:ietf:params:scim:schemas:core:2.0:User',
      'urn:ietf:params:scim:schemas:core:2.0:Group',
    ]);
  });
});

describe("Microsoft Entra's user sequence", () => {
  const userName = 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1@testuser.com';
  let id = '';

  it('finds nobody by userName, creates the user (201, Location), gets it by id and by filter', async () => {
    const none = await scim('GET', `/Users${filterPath('userName', userName)}`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, Resources: [] });

    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
    });
    expect(created.status).toBe(201);
    expect(created.type).toContain(SCIM);
    expect(created.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      active: true,
      name: { givenName: 'givenName', familyName: 'familyName' },
      emails: [{ value: 'test_user_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com', type: 'work', primary: true }],
      meta: { resourceType: 'User' },
    });
    id = created.body.id;
    expect(created.location).toBe(`${platform.url}/scim/v2/Users/${id}`);

    expect((await scim('GET', `/Users/${id}`)).body).toMatchObject({ id, userName });
    const found = await scim('GET', `/Users${filterPath('userName', userName.toUpperCase())}`);
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    expect((await scim('GET', `/Users${filterPath('userName', 'non-existent user')}`)).body.totalResults).toBe(0);
  });

  it('refuses the same userName twice with scimType uniqueness', async () => {
    const again = await scim('POST', '/Users', { schemas: [], userName, emails: [{ primary: true, value: 'other.person@testuser.com' }] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
  });

  it('patches several attributes at once (e-mail by filter path, family name), then the userName, with "Replace"', async () => {
    const patched = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ emails: [{ value: 'updatedemail@microsoft.com' }], name: { familyName: 'updatedFamilyName' } });
    const renamed = await scim('PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'userName', value: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com' }],
    });
    expect(renamed.body.userName).toBe('5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com');
    const users = await platform.api('GET', `/api/organization/${org.organizationId}/users`, { token: org.superUser.token });
    expect(JSON.stringify(users.body)).toContain('updatedemail@microsoft.com');
  });

  it('disables the user (active false), which the user list then shows, and deletes it (204, then 404)', async () => {
    // A session the instance keeps (issue 41) ends with the deactivation all the same.
    const session = await openSession(platform.ctx.db, Number(id));
    expect((await platform.api('GET', '/api/profile', { token: session })).status).toBe(200);
    const disabled = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: false }] });
    expect(disabled.status).toBe(200);
    expect((await platform.api('GET', '/api/profile', { token: session })).status).toBe(401);
    expect(disabled.body.active).toBe(false);
    expect((await scim('GET', `/Users/${id}`)).body.active).toBe(false);
    const deleted = await scim('DELETE', `/Users/${id}`);
    expect(deleted.status).toBe(204);
    const gone = await scim('GET', `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ schemas: [ERROR], status: '404' });
    expect((await scim('GET', `/Users${filterPath('userName', '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com')}`)).body.totalResults).toBe(0);

    // Provisioned again later: the same member comes back (their e-mail was never free for anyone else).
    const again = await scim('POST', '/Users', {
      userName: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com',
      emails: [{ primary: true, type: 'work', value: 'updatedEmail@microsoft.com' }],
      name: { givenName: 'givenName', familyName: 'again' },
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id, active: true, name: { familyName: 'again' } });
  });
});

describe("Okta's SCIM 2.0 test sequence", () => {
  const userName = `okta.runscope.${Date.now()}@example.com`;
  let id = '';

  it('lists with startIndex and count, filters, creates, refuses the duplicate, gets, 404s a bogus id', async () => {
    const page = await scim('GET', '/Users?count=1&startIndex=1');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ startIndex: 1, itemsPerPage: 1 });
    expect(page.body.totalResults).toBeGreaterThanOrEqual(2);
    const second = await scim('GET', '/Users?count=1&startIndex=2');
    expect(second.body.Resources[0].id).not.toBe(page.body.Resources[0].id);

    expect((await scim('GET', `/Users${filterPath('userName', userName)}`)).body.totalResults).toBe(0);
    const body = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName,
      name: { givenName: 'Runscope', familyName: 'Tester' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Runscope Tester',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    };
    const created = await scim('POST', '/Users', body);
    expect(created.status).toBe(201);
    id = created.body.id;
    expect((await scim('POST', '/Users', body)).body).toMatchObject({ status: '409', scimType: 'uniqueness' });
    expect((await scim('GET', `/Users/${id}`)).body).toMatchObject({ id, userName, active: true, name: { givenName: 'Runscope', familyName: 'Tester' } });
    expect((await scim('GET', `/Users${filterPath('userName', userName)}`)).body.Resources[0].id).toBe(id);
    expect((await scim('GET', '/Users/010101001010101')).status).toBe(404);
  });

  it('updates the profile with PUT, deactivates and reactivates with PATCH value objects (lower-case ops)', async () => {
    const put = await scim('PUT', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id,
      userName,
      name: { givenName: 'Another', familyName: 'Tester' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      active: true,
    });
    expect(put.status).toBe(200);
    expect(put.body.name.givenName).toBe('Another');
    const off = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.body.active).toBe(false);
    const on = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(on.status).toBe(200);
    expect(on.body.active).toBe(true);
  });

  it('creates a group with members, renames it, adds and removes members, deletes it', async () => {
    const created = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Press Line 4',
      members: [{ value: id, display: userName }],
    });
    expect(created.status).toBe(201);
    const groupId = created.body.id;
    expect(created.body.members).toEqual([expect.objectContaining({ value: id })]);
    expect((await scim('GET', `/Users/${id}`)).body.groups).toEqual([expect.objectContaining({ value: groupId, display: 'Press Line 4' })]);

    // Okta renames with a value object; Entra with a path.
    const renamed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id: groupId, displayName: 'Press Line 4 (night)' } }],
    });
    expect(renamed.status).toBe(204);
    expect((await scim('GET', `/Groups${filterPath('displayName', 'Press Line 4 (night)')}&excludedAttributes=members`)).body).toMatchObject({
      totalResults: 1,
      Resources: [{ id: groupId, displayName: 'Press Line 4 (night)' }],
    });
    expect((await scim('GET', `/Groups/${groupId}?excludedAttributes=members`)).body.members).toBeUndefined();

    const memberId = String(org.member.id);
    await scim('PATCH', `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: memberId }] }] });
    expect((await scim('GET', `/Groups/${groupId}`)).body.members.map((m: { value: string }) => m.value).sort()).toEqual([id, memberId].sort());
    await scim('PATCH', `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }] });
    await scim('PATCH', `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: 'members', value: [{ value: memberId }] }] });
    expect((await scim('GET', `/Groups/${groupId}`)).body.members).toEqual([]);

    // A member of another organization, or nobody, is refused; nothing is written.
    const stranger = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: '999999' }] }],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.scimType).toBe('invalidValue');

    expect((await scim('DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${groupId}`)).status).toBe(404);
  });
});

describe('deactivation ends the sessions', () => {
  it('a member deactivated over SCIM is refused with the session they had, cannot sign in, and is back after reactivation', async () => {
    const { org: other } = await separateOrganization();
    const member = other.member;
    expect((await platform.api('GET', '/api/profile', { token: member.token })).status).toBe(200);
    const otherToken = await newToken(other.superUser.token);
    const found = await scim('GET', `/Users${filterPath('userName', member.email)}`, undefined, otherToken);
    expect(found.body.totalResults).toBe(1);
    const memberId = found.body.Resources[0].id;
    const off = await scim('PATCH', `/Users/${memberId}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] }, otherToken);
    expect(off.body.active).toBe(false);
    expect((await platform.api('GET', '/api/profile', { token: member.token })).status).toBe(401);
    // Ended, not only unusable while the row is deactivated: reactivating does not bring the old session back.
    const sessions = await platform.ctx.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', member.id).execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    expect((await platform.api('POST', '/api/v4/login', { json: { email: member.email, password: 'Correct-Horse-Battery-42' } })).status).not.toBe(200);

    const on = await scim('PATCH', `/Users/${memberId}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: true }] }, otherToken);
    expect(on.body.active).toBe(true);
    expect((await platform.api('POST', '/api/v4/login', { json: { email: member.email, password: 'Correct-Horse-Battery-42' } })).status).toBe(200);
    expect((await platform.api('GET', '/api/profile', { token: member.token })).status).toBe(401);
  });
});

async function separateOrganization() {
  return { org: await organizationWithMembers(platform, `Other ${Date.now()}`) };
}

describe('tenancy, revocation, seats, bad input', () => {
  it("another organization's token sees nothing of this one", async () => {
    const { org: other } = await separateOrganization();
    const otherToken = await newToken(other.superUser.token);
    const mine = await scim('GET', `/Users${filterPath('userName', org.member.email)}`);
    expect(mine.body.totalResults).toBe(1);
    const myId = mine.body.Resources[0].id;
    expect((await scim('GET', `/Users${filterPath('userName', org.member.email)}`, undefined, otherToken)).body.totalResults).toBe(0);
    expect((await scim('GET', `/Users/${myId}`, undefined, otherToken)).status).toBe(404);
    expect((await scim('PATCH', `/Users/${myId}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }, otherToken)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${myId}`, undefined, otherToken)).status).toBe(404);
    const list = await scim('GET', '/Users?count=200', undefined, otherToken);
    expect(list.body.Resources.map((r: { id: string }) => r.id)).not.toContain(myId);

    // Groups likewise; and a member of the other organization cannot be put into this one's team.
    const assembly = (await scim('GET', `/Groups${filterPath('displayName', 'Assembly')}`)).body.Resources[0];
    expect(assembly.members.map((m: { value: string }) => m.value)).toContain(String(org.superUser.id));
    expect((await scim('GET', `/Groups${filterPath('displayName', 'Assembly')}`, undefined, otherToken)).body.Resources[0]?.id).not.toBe(assembly.id);
    expect((await scim('GET', `/Groups/${assembly.id}`, undefined, otherToken)).status).toBe(404);
    const rename = { Operations: [{ op: 'replace', path: 'displayName', value: 'Taken over' }] };
    expect((await scim('PATCH', `/Groups/${assembly.id}`, rename, otherToken)).status).toBe(404);
    expect((await scim('DELETE', `/Groups/${assembly.id}`, undefined, otherToken)).status).toBe(404);
    const intruder = { Operations: [{ op: 'add', path: 'members', value: [{ value: String(other.member.id) }] }] };
    expect((await scim('PATCH', `/Groups/${assembly.id}`, intruder)).body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim('GET', `/Groups/${assembly.id}`)).body.displayName).toBe('Assembly');
    expect((await platform.api('GET', '/api/profile', { token: org.member.token })).status).toBe(200);
  });

  it("refuses to deactivate or delete the organization's last super user, who keeps their session", async () => {
    const { org: other } = await separateOrganization();
    const otherToken = await newToken(other.superUser.token);
    const boss = (await scim('GET', `/Users${filterPath('userName', other.superUser.email)}`, undefined, otherToken)).body.Resources[0].id;
    const off = await scim('PATCH', `/Users/${boss}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }, otherToken);
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ schemas: [ERROR], scimType: 'mutability' });
    expect(off.body.detail).toMatch(/last super user/);
    expect((await scim('DELETE', `/Users/${boss}`, undefined, otherToken)).status).toBe(409);
    expect((await platform.api('GET', '/api/scim', { token: other.superUser.token })).status).toBe(200);
    expect((await scim('GET', `/Users/${boss}`, undefined, otherToken)).body.active).toBe(true);
  });

  it('a rotated or revoked token is refused', async () => {
    const { org: other } = await separateOrganization();
    const first = await newToken(other.superUser.token);
    const second = await newToken(other.superUser.token);
    expect((await scim('GET', '/Users', undefined, first)).status).toBe(401);
    expect((await scim('GET', '/Users', undefined, second)).status).toBe(200);
    expect((await platform.api('DELETE', '/api/scim/token', { token: other.superUser.token })).status).toBe(200);
    expect((await scim('GET', '/Users', undefined, second)).status).toBe(401);
    expect((await platform.api('DELETE', '/api/scim/token', { token: other.superUser.token })).status).toBe(404);
    const settings = await platform.api('GET', '/api/scim', { token: other.superUser.token });
    expect(settings.body.data.token).toBeNull();
    // The page lists the calls the token made (path only: a filter names a person).
    expect(settings.body.data.requests[0]).toMatchObject({ method: 'GET', path: '/scim/v2/Users', status: 200 });
  });

  it('refuses a create over the seat limit with a clear SCIM error, and writes nothing', async () => {
    const { org: small } = await separateOrganization(); // trial: 5 seats, 2 used
    const smallToken = await newToken(small.superUser.token);
    const create = (n: number) =>
      scim('POST', '/Users', { userName: `seat${n}.${Date.now()}@example.com`, name: { givenName: 'Seat', familyName: String(n) } }, smallToken);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(create));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 403, 403]);
    const refused = answers.find((a) => a.status === 403)!;
    expect(refused.body).toMatchObject({ schemas: [ERROR], status: '403' });
    expect(refused.body.detail).toMatch(/includes 5 accounts and all are in use/);
    expect((await scim('GET', '/Users', undefined, smallToken)).body.totalResults).toBe(5);
    // Deactivating frees a seat; reactivating needs one.
    const someone = answers.find((a) => a.status === 201)!.body.id;
    await scim('PATCH', `/Users/${someone}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }, smallToken);
    expect((await create(6)).status).toBe(201);
    const back = await scim('PATCH', `/Users/${someone}`, { Operations: [{ op: 'replace', path: 'active', value: true }] }, smallToken);
    expect(back.status).toBe(403);
    expect((await scim('GET', `/Users/${someone}`, undefined, smallToken)).body.active).toBe(false);
  });

  it('answers bad input with SCIM errors: a filter it does not support, a body that is not JSON, a user without e-mail', async () => {
    const filter = await scim('GET', `/Users?filter=${encodeURIComponent('name.givenName co "a"')}`);
    expect(filter.body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    const broken = await fetch(`${platform.url}/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': SCIM },
      body: '{"userName":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ schemas: [ERROR], scimType: 'invalidSyntax' });
    const noEmail = await scim('POST', '/Users', { userName: 'jdoe' });
    expect(noEmail.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const badOp = await scim('PATCH', `/Users/${org.member.id}`, { Operations: [{ op: 'move', path: 'active', value: false }] });
    expect(badOp.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim('GET', `/Users/${org.member.id}`)).body.active).toBe(true);
  });

  it('answers every malformed call with a 4xx in SCIM format, never a 5xx, and changes nobody', async () => {
    const memberId = String(org.member.id);
    const before = await scim('GET', `/Users/${memberId}`);
    const long = 'x'.repeat(300);
    const bodies: unknown[] = [null, [], 7, 'text', {}, { userName: null }, { userName: long }, { userName: 'a@b.example', emails: 'a' }, { Operations: [] }];
    const patches: unknown[] = [
      { Operations: [{ op: 'replace', path: 'userName', value: long }] },
      { Operations: [{ op: 'replace', path: 'externalId', value: long }] },
      { Operations: [{ op: 'replace', path: 'title', value: long }] },
      { Operations: [{ op: 'replace', path: 'name', value: null }] },
      { Operations: [{ op: 'replace', path: 'emails', value: [{ value: 7 }] }] },
      { Operations: [{ op: 'add' }] },
      { Operations: [{ op: 'replace', value: [1, 2] }] },
      { Operations: 'replace' },
    ];
    const calls: [string, string, unknown][] = [
      ...bodies.map((b): [string, string, unknown] => ['POST', '/Users', b]),
      ...bodies.map((b): [string, string, unknown] => ['PUT', `/Users/${memberId}`, b]),
      ...bodies.map((b): [string, string, unknown] => ['POST', '/Groups', b]),
      ...patches.map((b): [string, string, unknown] => ['PATCH', `/Users/${memberId}`, b]),
      ['PATCH', '/Groups/1', { Operations: [{ op: 'add', path: 'members', value: [{ value: '99999999999' }] }] }],
      ['GET', '/Users/99999999999', undefined],
      ['GET', '/Users?startIndex=1e308&count=5', undefined],
      ['GET', `/Users?filter=${encodeURIComponent('id eq "99999999999"')}`, undefined],
      ['GET', '/Groups?count=abc', undefined],
      ['DELETE', '/Groups/-1', undefined],
    ];
    for (const [method, path, body] of calls) {
      const res = await scim(method, path, body);
      expect([method, path, res.status < 500, res.type.includes(SCIM)]).toEqual([method, path, true, true]);
      if (res.status >= 400) expect(res.body.schemas).toEqual([ERROR]);
    }
    expect((await scim('GET', `/Users/${memberId}`)).body).toEqual(before.body);
  });
});
