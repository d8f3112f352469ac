import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveSeats,
  insertBulkMembers,
  organizationWithMembers,
  STRONG_PASSWORD,
  startPlatform,
  type TestPlatform,
  uniqueEmail,
} from '../../../test/harness.ts';
import { addMember } from './organization.service.ts';

let platform: TestPlatform;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;
/** Acme: its super user, Mia (Assembly, Operator), Laura Gómez (Paint Shop, Inspector) and 120 bulk members. */
let laura = { id: 0, email: '' };
const BULK = 120;

beforeAll(async () => {
  platform = await startPlatform();
  acme = await organizationWithMembers(platform, 'Acme');
  rival = await organizationWithMembers(platform, 'Rival');
  const email = uniqueEmail('laura');
  laura = {
    id: await addMember(platform.ctx, acme.organizationId, {
      email,
      password: STRONG_PASSWORD,
      name: 'Laura',
      lastName: 'Gómez',
      team: 'Paint Shop',
      role: 'Inspector',
    }),
    email,
  };
  await insertBulkMembers(platform, acme.organizationId, BULK);
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const boss = () => ({ token: acme.superUser.token });
const page = (query: string, as = boss()) => platform.api('GET', `/api/organization/${acme.organizationId}/users/page?${query}`, as);
const names = (res: { body: any }) => res.body.data.users.map((u: any) => `${u.name} ${u.last_name}`.trim());

describe('Manage users, searched and paged on the server', () => {
  it('pages the organization in name order without the asking super user, with the total', async () => {
    const first = await page('take=50');
    expect(first.status).toBe(200);
    // Everyone but the super user: Mia, Laura and the bulk members.
    expect(first.body.data).toMatchObject({ total: BULK + 2, skip: 0, take: 50 });
    expect(first.body.data.users).toHaveLength(50);
    const third = await page('skip=100&take=50');
    expect(third.body.data.users).toHaveLength(BULK + 2 - 100);
    const everyone = [...names(first), ...names(await page('skip=50&take=50')), ...names(third)];
    expect(new Set(everyone).size).toBe(BULK + 2);
    expect(everyone).toEqual([...everyone].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    expect(first.body.data.users.some((u: any) => u.id === acme.superUser.id)).toBe(false);
    expect(first.body.data.users.some((u: any) => u.id === rival.member.id)).toBe(false);
  });

  it('finds by every word in the name, e-mail, role or team, ignoring case and accents', async () => {
    expect(names(await page('q=gomez'))).toEqual(['Laura Gómez']);
    expect(names(await page(`q=${encodeURIComponent('LAURA GÓM')}`))).toEqual(['Laura Gómez']);
    expect(names(await page('q=inspector'))).toEqual(['Laura Gómez']);
    expect(names(await page('q=paint%20laura'))).toEqual(['Laura Gómez']);
    expect(names(await page(`q=${encodeURIComponent(laura.email.split('@')[0] as string)}`))).toEqual(['Laura Gómez']);
    // Every word must match: Laura is not in Assembly.
    expect((await page('q=laura%20assembly')).body.data).toMatchObject({ users: [], total: 0 });
    // A part of a word is enough (Bulk00010 to Bulk00019), a page at a time.
    const bulk = await page('q=bulk0001&take=5');
    expect(bulk.body.data.total).toBe(10);
    expect(names(bulk)).toEqual(['Bulk00010', 'Bulk00011', 'Bulk00012', 'Bulk00013', 'Bulk00014']);
    // Punctuation only is no search: the whole list.
    expect((await page('q=%25%25')).body.data.total).toBe(BULK + 2);
  });

  it('finds users by what they are now after an edit, a team rename and a deletion', async () => {
    const fields = { user_id: laura.id, name: 'Laura', last_name: 'Gómez', email: laura.email, team: 'Paint Shop', role: 'Line Lead' };
    expect((await platform.api('POST', '/api/v4/update_user', { ...boss(), json: fields })).status).toBe(201);
    expect((await page('q=inspector')).body.data.total).toBe(0);
    expect(names(await page('q=line%20lead'))).toEqual(['Laura Gómez']);

    const teams = await platform.api('GET', `/api/organization/${acme.organizationId}/teams`, boss());
    const paint = teams.body.data.find((t: any) => t.name === 'Paint Shop');
    const renamed = await platform.api('POST', `/api/organization/teams/form/${paint.id}`, { ...boss(), json: { name: 'Coating', members: [laura.id] } });
    expect(renamed.status).toBe(201);
    expect(names(await page('q=coating'))).toEqual(['Laura Gómez']);
    expect((await page('q=paint')).body.data.total).toBe(0);

    const bulkOne = (await page('q=bulk00119')).body.data.users[0];
    expect((await platform.api('POST', '/api/v4/delete_user', { ...boss(), json: { user_id: bulkOne.id } })).status).toBe(200);
    expect((await page('q=bulk00119')).body.data.total).toBe(0);
  });

  it('answers only a super user of the organization, and refuses a bad page with a 400', async () => {
    expect((await page('take=5', { token: acme.member.token })).status).toBe(403);
    expect((await page('take=5', { token: rival.superUser.token })).status).toBe(403);
    expect((await platform.api('GET', `/api/organization/${acme.organizationId}/users/page`, {})).status).toBe(401);
    for (const bad of ['take=0', 'take=101', 'skip=-1', `q=${'x'.repeat(101)}`, 'take=ten']) {
      const res = await page(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe("a member's manager (issue 39)", () => {
  it('is set, shown by name, kept when not sent and cleared on Manage users; only a live member of the organization, never the person themself', async () => {
    await giveSeats(platform, acme.organizationId, BULK + 20);
    const email = uniqueEmail('omar');
    const omar = await addMember(platform.ctx, acme.organizationId, {
      email,
      password: STRONG_PASSWORD,
      name: 'Omar',
      lastName: 'Okafor',
      team: 'Assembly',
      role: 'Operator',
    });
    const fields = { user_id: omar, name: 'Omar', last_name: 'Okafor', email, team: 'Assembly', role: 'Operator' };
    const update = (extra: Record<string, unknown>) => platform.api('POST', '/api/v4/update_user', { ...boss(), json: { ...fields, ...extra } });
    const listed = async () => (await page('q=okafor')).body.data.users[0];

    const set = await update({ manager_id: acme.member.id });
    expect(set.status).toBe(201);
    expect(set.body.data).toMatchObject({ id: omar, manager_id: acme.member.id, manager_name: 'Mia Member' });
    expect(await listed()).toMatchObject({ manager_id: acme.member.id, manager_name: 'Mia Member' });
    // A spec client sends no manager: the manager stays.
    expect((await update({ role: 'Setter' })).body.data).toMatchObject({ role: 'Setter', manager_id: acme.member.id });

    // Refused with nothing changed: another organization's member, someone unknown, the person themself.
    for (const [managerId, message] of [
      [rival.member.id, 'manager_id: is not a member of your organization.'],
      [9_999_999, 'manager_id: is not a member of your organization.'],
      [omar, 'manager_id: a person cannot be their own manager.'],
    ] as const) {
      const refused = await update({ manager_id: managerId, role: 'Changed' });
      expect(refused.status).toBe(400);
      expect(refused.body.error_messages).toBe(message);
    }
    expect(await listed()).toMatchObject({ role: 'Setter', manager_id: acme.member.id });

    // A new member can be given a manager at once.
    const created = await platform.api('POST', '/api/v4/create_user', {
      ...boss(),
      json: { name: 'Nia', last_name: 'Novak', email: uniqueEmail('nia'), team: 'Assembly', role: 'Operator', manager_id: omar },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ manager_id: omar, manager_name: 'Omar Okafor' });

    expect((await update({ manager_id: null })).body.data).toMatchObject({ manager_id: null, manager_name: null });
  });
});
