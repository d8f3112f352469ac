import { ORGANIZATION_MESSAGES } from '@mm/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFakeAsset, insertTestVideo } from '../../../test/catalog-fixture.ts';
import { giveSeats, organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { learningPathFor } from './learning-path.queries.ts';
import { addMember } from './organization.service.ts';

let platform: TestPlatform;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;
/** Catalog: categories A (2 videos, essential), B (1 video, optional), C (1 video, optional). */
const catalog = { a: 0, b: 0, c: 0, videosA: [] as number[], videoB: 0 };
let rivalTeamId = 0;

async function insertCatalog() {
  const db = platform.ctx.db;
  const t = Date.now();
  const assetId = await insertFakeAsset(db, 'h', 60);
  const category = async (key: string, sort: number, essential: number) =>
    (
      await db
        .insertInto('categories')
        .values({ key, name: `Category ${key}`, picture: null, essential, sort, challenge: '', expert_id: null, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const video = (key: string, categoryId: number, subId: number) =>
    insertTestVideo(db, { key, category_id: categoryId, sub_category_id: subId, duration_seconds: 3725, media_asset_id: assetId });
  const sub = async (key: string, categoryId: number) =>
    (
      await db
        .insertInto('sub_categories')
        .values({ key, category_id: categoryId, name: `Sub ${key}`, sort: 1, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  catalog.a = await category('a', 1, 1);
  catalog.b = await category('b', 2, 0);
  catalog.c = await category('c', 3, 0);
  const subA = await sub('sa', catalog.a);
  catalog.videosA = [await video('va1', catalog.a, subA), await video('va2', catalog.a, subA)];
  catalog.videoB = await video('vb1', catalog.b, await sub('sb', catalog.b));
  await video('vc1', catalog.c, await sub('sc', catalog.c));
}

beforeAll(async () => {
  platform = await startPlatform();
  acme = await organizationWithMembers(platform, 'Acme');
  // The team and user tests add more people than the trial's 5 seats.
  await giveSeats(platform, acme.organizationId, 100);
  rival = await organizationWithMembers(platform, 'Rival');
  await insertCatalog();
  const teams = await platform.api('GET', `/api/organization/${rival.organizationId}/teams`, { token: rival.superUser.token });
  rivalTeamId = teams.body.data[0].id;
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const boss = () => ({ token: acme.superUser.token });

async function newMember(name = 'Nora') {
  const email = uniqueEmail('m');
  const id = await addMember(platform.ctx, acme.organizationId, { email, password: STRONG_PASSWORD, name, lastName: 'Extra' });
  return { id, email };
}

/** Saves a team's own path through `through` (either app instance): categories in order, each `[id, essential]`. */
const orderTeamPath = (through: TestPlatform, teamId: number, ...categories: [number, 0 | 1][]) =>
  through.api('POST', `/api/organization/edit/order-categories/${acme.organizationId}`, {
    ...boss(),
    json: { team_id: teamId, categories: categories.map(([category_id, essential], i) => ({ category_id, order: i + 1, essential })) },
  });

async function createTeam(name: string, members: number[]) {
  const res = await platform.api('POST', `/api/organization/${acme.organizationId}/teams`, { ...boss(), json: { name, members } });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

describe('refusals common to every organization call', () => {
  const orgCalls = (org: number) =>
    [
      ['GET', `/api/organization/${org}/teams`],
      ['GET', `/api/organization/${org}/users`],
      ['GET', `/api/organization/${org}/categories`],
      ['GET', `/api/get_all_organization_categories_learning_path/${org}`],
      ['GET', `/api/get_hidden_videos/${org}/${catalog.a}`],
    ] as const;

  it('refuses an ordinary member and a super user of another organization with 403', async () => {
    for (const [method, path] of orgCalls(acme.organizationId)) {
      expect((await platform.api(method, path, { token: acme.member.token })).status, path).toBe(403);
      expect((await platform.api(method, path, { token: rival.superUser.token })).status, path).toBe(403);
    }
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await platform.api('GET', `/api/organization/${acme.organizationId}/teams`)).status).toBe(401);
  });
});

describe('banner', () => {
  it('stores a re-encoded banner at most 1600 px wide, readable by members', async () => {
    const png = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('banner_file', new Blob([png], { type: 'image/png' }), 'banner.png');
    const res = await platform.api('POST', `/api/organization/edit/banner/${acme.organizationId}`, { ...boss(), body: form });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ORGANIZATION_MESSAGES.organizationUpdated);
    const url = res.body.data.banner_url as string;
    const image = await fetch(`${platform.url}${url}`);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(1600);

    const read = await platform.api('GET', `/api/get_banner_organization/${acme.organizationId}`, { token: acme.member.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([{ banner_url: url }]);
    expect((await platform.api('GET', `/api/get_banner_organization/${acme.organizationId}`, { token: rival.member.token })).status).toBe(403);
  });

  it('refuses a file that is not an image, a member, and another organization', async () => {
    const form = () => {
      const f = new FormData();
      f.append('banner_file', new Blob(['not an image'], { type: 'image/png' }), 'x.png');
      return f;
    };
    expect((await platform.api('POST', `/api/organization/edit/banner/${acme.organizationId}`, { ...boss(), body: form() })).status).toBe(400);
    expect((await platform.api('POST', `/api/organization/edit/banner/${acme.organizationId}`, { token: acme.member.token, body: form() })).status).toBe(403);
    expect((await platform.api('POST', `/api/organization/edit/banner/${acme.organizationId}`, { token: rival.superUser.token, body: form() })).status).toBe(
      403,
    );
    expect((await platform.api('POST', `/api/organization/edit/banner/${acme.organizationId}`, { ...boss(), json: {} })).status).toBe(400);
  });
});

describe('learning paths', () => {
  it('defaults to the catalog order and flags until a path is saved', async () => {
    const res = await platform.api('GET', `/api/get_all_organization_categories_learning_path/${acme.organizationId}`, boss());
    expect(res.status).toBe(200);
    expect(res.body.data.source).toBe('catalog');
    expect(res.body.data.data.map((c: any) => [c.id, c.sort, c.essential])).toEqual([
      [catalog.a, 1, 1],
      [catalog.b, 2, 0],
      [catalog.c, 3, 0],
    ]);
  });

  it('lists the whole catalog with sub-categories and videos', async () => {
    const res = await platform.api('GET', `/api/organization/${acme.organizationId}/categories`, boss());
    expect(res.status).toBe(200);
    expect(res.body.data[0].subcategories[0].data.map((v: any) => v.admin_video_id)).toEqual(catalog.videosA);
    expect(res.body.data[0].subcategories[0].data[0].duration).toBe('01:02:05');
  });

  it('saves the organization order with required flags, refusing a path without a required category', async () => {
    const url = `/api/organization/edit/order-categories/${acme.organizationId}`;
    const none = await platform.api('POST', url, { ...boss(), json: { categories: [{ category_id: catalog.b, order: 1, essential: 0 }] } });
    expect(none.status).toBe(400);
    expect(none.body.error_messages).toBe(ORGANIZATION_MESSAGES.requiredCategory);
    const empty = await platform.api('POST', url, { ...boss(), json: { categories: [] } });
    expect(empty.status).toBe(400);
    expect((await learningPathFor(platform.ctx.db, acme.organizationId, null)).source).toBe('catalog');

    expect((await platform.api('POST', url, { ...boss(), json: { categories: [{ category_id: 999_999, order: 1, essential: 1 }] } })).status).toBe(404);
    expect((await platform.api('POST', url, { ...boss(), json: { categories: [{ category_id: catalog.a, order: 0 }] } })).status).toBe(400);
    expect((await platform.api('POST', url, { token: acme.member.token, json: { categories: [{ category_id: catalog.a, order: 1 }] } })).status).toBe(403);
    expect((await platform.api('POST', url, { token: rival.superUser.token, json: { categories: [{ category_id: catalog.a, order: 1 }] } })).status).toBe(403);
    expect((await learningPathFor(platform.ctx.db, acme.organizationId, null)).source).toBe('catalog');

    // Form-encoded with a JSON list, as the spec's client sends it.
    const saved = await platform.api('POST', url, {
      ...boss(),
      form: {
        categories: JSON.stringify([
          { category_id: catalog.c, order: 1, essential: 1 },
          { category_id: catalog.a, order: 2, essential: 0 },
        ]),
      },
    });
    expect(saved.status).toBe(201);
    const path = await learningPathFor(platform.ctx.db, acme.organizationId, null);
    expect(path.source).toBe('organization');
    expect(path.categories.map((c) => [c.category_id, c.position, c.essential])).toEqual([
      [catalog.c, 1, 1],
      [catalog.a, 2, 0],
    ]);
  });

  it('changes required flags (organization/edit/essential-category) and saves from ordered ids (organization/edit)', async () => {
    const flags = await platform.api('POST', `/api/organization/edit/essential-category/${acme.organizationId}`, {
      ...boss(),
      json: { categories: [{ category_id: catalog.a, essential: 1 }] },
    });
    expect(flags.status).toBe(201);
    expect((await learningPathFor(platform.ctx.db, acme.organizationId, null)).categories.map((c) => c.essential)).toEqual([1, 1]);
    const none = await platform.api('POST', `/api/organization/edit/essential-category/${acme.organizationId}`, {
      ...boss(),
      json: {
        categories: [
          { category_id: catalog.a, essential: 0 },
          { category_id: catalog.c, essential: 0 },
        ],
      },
    });
    expect(none.status).toBe(400);
    const outside = await platform.api('POST', `/api/organization/edit/essential-category/${acme.organizationId}`, {
      ...boss(),
      json: { categories: [{ category_id: catalog.b, essential: 1 }] },
    });
    expect(outside.status).toBe(404);

    const edit = await platform.api('POST', `/api/organization/edit/${acme.organizationId}`, {
      ...boss(),
      json: { categories: [catalog.a, catalog.b, catalog.c], essential_categories: [catalog.b] },
    });
    expect(edit.status).toBe(201);
    expect((await learningPathFor(platform.ctx.db, acme.organizationId, null)).categories.map((c) => [c.category_id, c.essential])).toEqual([
      [catalog.a, 0],
      [catalog.b, 1],
      [catalog.c, 0],
    ]);
    expect(
      (await platform.api('POST', `/api/organization/edit/${acme.organizationId}`, { token: rival.superUser.token, json: { categories: [catalog.b] } })).status,
    ).toBe(403);
  });

  it('hides videos per team, never every video of a category', async () => {
    const { id } = await newMember('Hana');
    const teamId = await createTeam('Hidden Ops', [id]);
    const url = `/api/edit_hidden_videos/${acme.organizationId}/${catalog.a}/0`;
    const all = await platform.api('POST', url, { ...boss(), json: { hidden_videos_ids: catalog.videosA, teamId } });
    expect(all.status).toBe(400);
    expect(all.body.error_messages).toBe(ORGANIZATION_MESSAGES.oneVideo);
    const foreign = await platform.api('POST', url, { ...boss(), json: { hidden_videos_ids: [catalog.videoB], teamId } });
    expect(foreign.status).toBe(400);
    expect((await platform.api('POST', url, { ...boss(), json: { hidden_videos_ids: [], teamId: rivalTeamId } })).status).toBe(404);
    expect((await platform.api('POST', `/api/edit_hidden_videos/${acme.organizationId}/999999/0`, { ...boss(), json: { hidden_videos_ids: [] } })).status).toBe(
      404,
    );
    expect((await platform.api('POST', url, { token: acme.member.token, json: { hidden_videos_ids: [] } })).status).toBe(403);

    const ok = await platform.api('POST', url, { ...boss(), form: { hidden_videos_ids: JSON.stringify([catalog.videosA[1]]), teamId: String(teamId) } });
    expect(ok.status).toBe(200);
    const read = await platform.api('GET', `/api/get_hidden_videos/${acme.organizationId}/${catalog.a}`, { ...boss(), query: { teamId: String(teamId) } });
    // Not effective until the team's own order is saved: the organization's path still applies.
    expect(read.body.data).toEqual([]);

    expect((await orderTeamPath(platform, teamId, [catalog.b, 1], [catalog.a, 0])).status).toBe(201);
    const after = await platform.api('GET', `/api/get_hidden_videos/${acme.organizationId}/${catalog.a}`, { ...boss(), query: { teamId: String(teamId) } });
    expect(after.body.data).toEqual([catalog.videosA[1]]);
    const path = await learningPathFor(platform.ctx.db, acme.organizationId, teamId);
    expect(path.source).toBe('team');
    expect(path.categories.map((c) => c.category_id)).toEqual([catalog.b, catalog.a]);
    expect(path.hiddenVideoIds).toEqual([catalog.videosA[1]]);
    // The organization default is untouched.
    expect((await learningPathFor(platform.ctx.db, acme.organizationId, null)).hiddenVideoIds).toEqual([]);

    const teamPath = await platform.api('GET', `/api/get_all_organization_categories_learning_path/${acme.organizationId}`, {
      ...boss(),
      query: { team_id: String(teamId) },
    });
    expect(teamPath.body.data.source).toBe('team');
    expect(
      (
        await platform.api('GET', `/api/get_all_organization_categories_learning_path/${acme.organizationId}`, {
          ...boss(),
          query: { team_id: String(rivalTeamId) },
        })
      ).status,
    ).toBe(404);
  });

  it('a path saved or a video hidden through one instance is what the next call on another instance shows', async () => {
    // A second app instance over the same database, as in production behind a load balancer.
    const other = await startPlatform({ DATABASE_URL: platform.ctx.config.databaseUrl, DATA_DIR: platform.ctx.config.dataDir });
    try {
      const member = await newMember('Ines');
      const teamId = await createTeam('Night Press', [member.id]);
      const token = await signIn(platform, member.email);
      const videosOfA = async () => {
        const res = await platform.api('POST', '/api/categoryVideos', { token, json: { page_type: 'SUB_CATEGORY', category_id: catalog.a } });
        return res.status === 200 ? res.body.data.flatMap((g: { videos: { admin_video_id: number }[] }) => g.videos.map((v) => v.admin_video_id)) : res.status;
      };
      // The first instance now keeps the path of this team (the organization's, nothing of its own yet).
      expect(await videosOfA()).toEqual(catalog.videosA);

      const hide = await other.api('POST', `/api/edit_hidden_videos/${acme.organizationId}/${catalog.a}/0`, {
        ...boss(),
        json: { hidden_videos_ids: [catalog.videosA[1]], teamId },
      });
      expect(hide.status).toBe(200);
      const order = await orderTeamPath(other, teamId, [catalog.a, 1]);
      expect(order.status).toBe(201);
      expect(await videosOfA()).toEqual([catalog.videosA[0]]);

      // An essential category put first locks A for the member, on the next call.
      const locking = await orderTeamPath(other, teamId, [catalog.b, 1], [catalog.a, 0]);
      expect(locking.status).toBe(201);
      expect(await videosOfA()).toBe(403);

      // Deleting the team sends its former member back to the organization's path.
      expect((await other.api('POST', `/api/organization/teams/delete/${teamId}`, { ...boss(), json: { teamName: 'Night Press' } })).status).toBe(200);
      expect(await videosOfA()).toEqual(catalog.videosA);
    } finally {
      await other.app.close();
    }
  });

  it('saves a team path from id lists (organization/teams/essential-category)', async () => {
    const teamId = await createTeam('Essentials', [(await newMember()).id]);
    const url = `/api/organization/teams/essential-category/${acme.organizationId}`;
    const none = await platform.api('POST', url, { ...boss(), json: { team_id: teamId, categories: [catalog.a], essential_categories: [] } });
    expect(none.status).toBe(400);
    expect(
      (await platform.api('POST', url, { ...boss(), json: { team_id: rivalTeamId, categories: [catalog.a], essential_categories: [catalog.a] } })).status,
    ).toBe(404);
    expect(
      (await platform.api('POST', url, { token: rival.superUser.token, json: { team_id: teamId, categories: [catalog.a], essential_categories: [catalog.a] } }))
        .status,
    ).toBe(403);
    const saved = await platform.api('POST', url, {
      ...boss(),
      json: { team_id: teamId, categories: [catalog.c, catalog.a], essential_categories: [catalog.a] },
    });
    expect(saved.status).toBe(201);
    const overview = await platform.api('GET', `/api/organization/${teamId}/team`, { ...boss(), query: { organization_id: String(acme.organizationId) } });
    expect(overview.status).toBe(200);
    expect(overview.body.data.categories.map((c: any) => [c.category_id, c.essential])).toEqual([
      [catalog.c, 0],
      [catalog.a, 1],
    ]);
  });
});

describe('teams', () => {
  it('creates a team with members and lists it; validates name, members and duplicates', async () => {
    const a = await newMember('Ana');
    const b = await newMember('Ben');
    const url = `/api/organization/${acme.organizationId}/teams`;
    expect((await platform.api('POST', url, { ...boss(), json: { name: '', members: [a.id] } })).status).toBe(400);
    expect((await platform.api('POST', url, { ...boss(), json: { name: 'Paint', members: [] } })).status).toBe(400);
    expect((await platform.api('POST', url, { ...boss(), json: { name: 'Paint', members: [rival.member.id] } })).status).toBe(404);
    expect((await platform.api('POST', url, { ...boss(), json: { name: 'Paint', members: [a.id], teamCategories: [999_999] } })).status).toBe(404);
    expect((await platform.api('POST', url, { ...boss(), json: { name: 'Paint', members: [a.id], organizationId: rival.organizationId } })).status).toBe(403);
    expect((await platform.api('POST', url, { token: acme.member.token, json: { name: 'Paint', members: [a.id] } })).status).toBe(403);
    expect((await platform.api('POST', url, { token: rival.superUser.token, json: { name: 'Paint', members: [a.id] } })).status).toBe(403);
    const teamsBefore = await platform.api('GET', url, boss());
    expect(teamsBefore.body.data.some((t: any) => t.name === 'Paint')).toBe(false);

    const created = await platform.api('POST', url, {
      ...boss(),
      form: { name: 'Paint', members: JSON.stringify([a.id, b.id]), organizationId: String(acme.organizationId) },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(ORGANIZATION_MESSAGES.teamCreated);
    expect((await platform.api('POST', url, { ...boss(), json: { name: 'paint', members: [a.id] } })).status).toBe(409);
    const teams = await platform.api('GET', url, boss());
    expect(teams.body.data.find((t: any) => t.name === 'Paint').members_count).toBe(2);
  });

  it('updates a team through the form, optionally removing the current members', async () => {
    const a = await newMember('Cleo');
    const b = await newMember('Dan');
    const teamId = await createTeam('Weld', [a.id]);
    const url = `/api/organization/teams/form/${teamId}`;
    const keep = await platform.api('POST', url, { ...boss(), json: { name: 'Welding', members: [b.id] } });
    expect(keep.status).toBe(201);
    expect(keep.body.data.data.name).toBe('Welding');
    let overview = await platform.api('GET', `/api/organization/${teamId}/team`, boss());
    expect(overview.body.data.members.map((m: any) => m.first_name).sort()).toEqual(['Cleo', 'Dan']);
    expect(overview.body.data.members[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const replace = await platform.api('POST', url, { ...boss(), form: { name: 'Welding', members: JSON.stringify([a.id]), deleteTeam: '1' } });
    expect(replace.status).toBe(201);
    overview = await platform.api('GET', `/api/organization/${teamId}/team`, boss());
    expect(overview.body.data.members.map((m: any) => m.first_name)).toEqual(['Cleo']);

    expect((await platform.api('POST', `/api/organization/teams/form/${rivalTeamId}`, { ...boss(), json: { name: 'Taken', members: [] } })).status).toBe(404);
    expect((await platform.api('POST', url, { token: acme.member.token, json: { name: 'X', members: [] } })).status).toBe(403);
    expect((await platform.api('POST', url, { token: rival.superUser.token, json: { name: 'X', members: [] } })).status).toBe(404);
    expect((await platform.api('POST', url, { ...boss(), json: { name: 'Welding', members: [rival.member.id] } })).status).toBe(404);
    expect((await platform.api('GET', `/api/organization/${rivalTeamId}/team`, boss())).status).toBe(404);
    const rivalTeams = await platform.api('GET', `/api/organization/${rival.organizationId}/teams`, { token: rival.superUser.token });
    expect(rivalTeams.body.data.map((t: any) => t.name)).toEqual(['Assembly']);
  });

  it('updates a team with organization/teams/{teamId}', async () => {
    const teamId = await createTeam('Press', [(await newMember()).id]);
    const res = await platform.api('POST', `/api/organization/teams/${teamId}`, { ...boss(), json: { name: 'Pressing', teamCategories: [catalog.a] } });
    expect(res.status).toBe(201);
    expect((await learningPathFor(platform.ctx.db, acme.organizationId, teamId)).categories.map((c) => c.category_id)).toEqual([catalog.a]);
    expect(
      (await platform.api('POST', `/api/organization/teams/${teamId}`, { ...boss(), json: { name: 'Pressing', teamCategories: [catalog.b] } })).status,
    ).toBe(400);
    expect((await platform.api('POST', `/api/organization/teams/${rivalTeamId}`, { ...boss(), json: { name: 'Mine' } })).status).toBe(404);
  });

  it('soft-deletes a team: members are released, the row stays', async () => {
    const a = await newMember('Eve');
    const teamId = await createTeam('Temp', [a.id]);
    expect((await platform.api('POST', `/api/organization/teams/delete/${teamId}`, { ...boss(), json: { teamName: 'Wrong' } })).status).toBe(400);
    expect((await platform.api('POST', `/api/organization/teams/delete/${teamId}`, { token: acme.member.token, json: {} })).status).toBe(403);
    expect((await platform.api('POST', `/api/organization/teams/delete/${rivalTeamId}`, { ...boss(), json: {} })).status).toBe(404);
    const res = await platform.api('POST', `/api/organization/teams/delete/${teamId}`, { ...boss(), json: { teamName: 'Temp' } });
    expect(res.status).toBe(200);
    const row = await platform.ctx.db.selectFrom('teams').select('deleted_at').where('id', '=', teamId).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const user = await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(user.team_id).toBeNull();
    const teams = await platform.api('GET', `/api/organization/${acme.organizationId}/teams`, boss());
    expect(teams.body.data.some((t: any) => t.id === teamId)).toBe(false);
    expect((await platform.api('POST', `/api/organization/teams/delete/${rivalTeamId}`, { token: rival.superUser.token, json: {} })).status).toBe(200);
  });
});

describe('users', () => {
  it('creates a user who is invited by e-mail to set a password, within the plan seats', async () => {
    // A fresh organization: 2 of its 5 trial seats in use.
    const seats = await organizationWithMembers(platform, 'Seats');
    const asBoss = { token: seats.superUser.token };
    const email = uniqueEmail('new');
    const fields = {
      name: 'Ivy',
      last_name: 'Lane',
      email,
      team: 'Night Shift',
      role: 'Operator',
      super_user_id: seats.superUser.id,
      organization_id: seats.organizationId,
      is_super_user: 0,
    };
    const bad = await platform.api('POST', '/api/v4/create_user', { ...asBoss, json: { ...fields, name: 'I', email: 'nope', team: '', role: '' } });
    expect(bad.status).toBe(400);
    for (const field of ['name', 'email', 'team', 'role']) expect(bad.body.error_messages).toContain(field);
    expect((await platform.api('POST', '/api/v4/create_user', { ...asBoss, json: { ...fields, is_super_user: 1 } })).status).toBe(400);
    expect((await platform.api('POST', '/api/v4/create_user', { ...asBoss, json: { ...fields, organization_id: rival.organizationId } })).status).toBe(403);
    expect((await platform.api('POST', '/api/v4/create_user', { token: seats.member.token, json: fields })).status).toBe(403);
    expect((await platform.api('POST', '/api/v4/create_user', { ...asBoss, json: { ...fields, email: seats.member.email } })).status).toBe(409);

    const res = await platform.api('POST', '/api/v4/create_user', {
      ...asBoss,
      form: { ...fields, super_user_id: String(fields.super_user_id), organization_id: String(fields.organization_id), is_super_user: '0' },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(ORGANIZATION_MESSAGES.userCreated);
    expect(res.body.data).toMatchObject({ name: 'Ivy', team: 'Night Shift', role: 'Operator', is_super_user: 0 });
    const mail = await platform.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`${platform.url}/accept-invitation?token=`);

    for (const n of [1, 2])
      expect((await platform.api('POST', '/api/v4/create_user', { ...asBoss, json: { ...fields, email: uniqueEmail(`seat${n}`) } })).status).toBe(201);
    const full = await platform.api('POST', '/api/v4/create_user', { ...asBoss, json: { ...fields, email: uniqueEmail('seat3') } });
    expect(full.status).toBe(409);
    expect(full.body.error_messages).toContain('5 accounts');
  });

  it('lists users (without the caller in v4/list_users), updates and soft-deletes one', async () => {
    const target = await newMember('Otto');
    const list = await platform.api('POST', '/api/v4/list_users', { ...boss(), json: { super_user_id: acme.superUser.id } });
    expect(list.status).toBe(200);
    expect(list.body.data.some((u: any) => u.id === acme.superUser.id)).toBe(false);
    expect(list.body.data.some((u: any) => u.id === rival.member.id)).toBe(false);
    expect((await platform.api('POST', '/api/v4/list_users', { ...boss(), json: { super_user_id: rival.superUser.id } })).status).toBe(403);
    expect((await platform.api('POST', '/api/v4/list_users', { token: acme.member.token, json: {} })).status).toBe(403);
    const all = await platform.api('GET', `/api/organization/${acme.organizationId}/users`, boss());
    expect(all.body.data.some((u: any) => u.id === acme.superUser.id)).toBe(true);

    const fields = { user_id: target.id, name: 'Otto', last_name: 'Renamed', email: target.email, team: 'Quality', role: 'Inspector' };
    expect((await platform.api('POST', '/api/v4/update_user', { ...boss(), json: { ...fields, role: 'x' } })).status).toBe(400);
    expect((await platform.api('POST', '/api/v4/update_user', { ...boss(), json: { ...fields, user_id: rival.member.id } })).status).toBe(404);
    expect((await platform.api('POST', '/api/v4/update_user', { token: rival.superUser.token, json: fields })).status).toBe(404);
    expect((await platform.api('POST', '/api/v4/update_user', { ...boss(), json: { ...fields, email: acme.member.email } })).status).toBe(409);
    const updated = await platform.api('POST', '/api/v4/update_user', { ...boss(), json: fields });
    expect(updated.status).toBe(201);
    expect(updated.body.data).toMatchObject({ last_name: 'Renamed', team: 'Quality', role: 'Inspector' });

    const token = await signIn(platform, target.email);
    expect((await platform.api('POST', '/api/v4/delete_user', { ...boss(), json: { user_id: acme.superUser.id } })).status).toBe(403);
    expect((await platform.api('POST', '/api/v4/delete_user', { ...boss(), json: { user_id: rival.member.id } })).status).toBe(404);
    expect((await platform.api('POST', '/api/v4/delete_user', { token: acme.member.token, json: { user_id: target.id } })).status).toBe(403);
    const deleted = await platform.api('POST', '/api/v4/delete_user', { ...boss(), json: { user_id: target.id } });
    expect(deleted.status).toBe(200);
    expect((await platform.api('GET', '/api/profile', { token })).status).toBe(401);
    expect((await platform.api('POST', '/api/v4/login', { json: { email: target.email, password: STRONG_PASSWORD } })).status).not.toBe(200);
    const row = await platform.ctx.db.selectFrom('users').select('deleted_at').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await platform.api('GET', `/api/organization/${rival.organizationId}/users`, { token: rival.superUser.token })).body.data).toHaveLength(2);
  });
});
