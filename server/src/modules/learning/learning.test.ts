import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, insertWatchHistory, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { insertBulkMembers, organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { ensurePath, replaceHiddenVideos } from '../organization/learning-path.queries.ts';
import { softDeleteUser } from '../users/users.queries.ts';
import { peopleByName, rankingPage, rankOf } from './learning.queries.ts';
import { POINTS } from './learning.rules.ts';
import { addPoints, rebuildCategoryStats, rebuildMemberPoints } from './learning-stats.queries.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;

beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
  acme = await organizationWithMembers(platform, 'Acme');
  rival = await organizationWithMembers(platform, 'Rival');
});
afterAll(() => platform.close());

const get = (token: string, path: string, query?: Record<string, string>) => platform.api('GET', `/api${path}`, { token, query });
const post = (token: string, path: string, json: unknown) => platform.api('POST', `/api${path}`, { token, json });
const report = (who: { id: number; token: string }, video: number, timeSpent = 1) => post(who.token, '/watch-user-video', { user: who.id, video, timeSpent });
const home = async (token: string) => (await post(token, '/learning_path_home', {})).body.data;
const countCertificates = async (userId: number, kind: string) =>
  Number(
    (
      await platform.ctx.db
        .selectFrom('certificates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('kind', '=', kind as 'category')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('learning path, certificates and rankings', () => {
  it('starts with the path, nothing done and only the first required category open', async () => {
    const data = await home(acme.member.token);
    expect(data).toMatchObject({ name: 'Mia', role: 'Operator', team: 'Assembly', source: 'catalog', done: 0, total: 2, percent: 0 });
    expect(data.summary).toBe('0 COMPLETED / 2 TO GO - 0% COMPLETED');
    const [safety, lean] = data.categories;
    expect(safety).toMatchObject({
      name: 'Health and Safety',
      essential_label: 'Required',
      videos_count: 3,
      total_seconds: 6,
      progress: 0,
      state: 'not_started',
    });
    expect(safety.available).toBe(true);
    expect(lean).toMatchObject({ essential_label: 'Optional', videos_count: 25, available: false });
  });

  it('issues the micro-certificate once when a sub-category is watched, under concurrent reports', async () => {
    const basics = catalog.subCategories['safety-basics']!;
    const none = await get(acme.member.token, '/get_user_micro_certificate_by_sub_category', {
      user_id: String(acme.member.id),
      sub_category_id: String(basics),
    });
    expect(none.body.data.micro_certification).toBeNull();
    const results = await Promise.all([
      report(acme.member, catalog.videos.lockout!),
      report(acme.member, catalog.videos.ppe!),
      report(acme.member, catalog.videos.ppe!),
      report(acme.member, catalog.videos.lockout!),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await countCertificates(acme.member.id, 'sub_category')).toBe(1);
    const micro = await get(acme.member.token, '/get_user_micro_certificate_by_sub_category', {
      user_id: String(acme.member.id),
      sub_category_id: String(basics),
    });
    expect(micro.body.data.micro_certification).toMatchObject({ sub_category_id: basics, category_id: catalog.categories.safety });
    const data = await home(acme.member.token);
    expect(data.categories[0]).toMatchObject({ progress: 66, state: 'in_progress', last_video_id: expect.any(Number) });
    expect(data.categories[1].available).toBe(false);
  });

  it('a report replayed from the offline queue issues a certificate its first attempt stopped before', async () => {
    const basics = catalog.subCategories['safety-basics']!;
    const { member, organizationId } = await organizationWithMembers(platform, 'Replay');
    const queued = (video: number, requestId: string) =>
      post(member.token, '/watch-user-video', { user: member.id, video, timeSpent: 1, request_id: requestId });
    expect((await queued(catalog.videos.lockout!, 'offline-heal-0001')).status).toBe(201);
    expect((await queued(catalog.videos.ppe!, 'offline-heal-0002')).status).toBe(201);
    expect(await countCertificates(member.id, 'sub_category')).toBe(1);
    // As if the process had stopped after the watch time was saved, before the certificate (and its points).
    await platform.ctx.db.deleteFrom('certificates').where('user_id', '=', member.id).where('subject_id', '=', basics).execute();
    await addPoints(platform.ctx.db, { userId: member.id, organizationId }, -POINTS.microCertificate, Date.now());
    expect((await queued(catalog.videos.ppe!, 'offline-heal-0002')).status).toBe(201);
    expect(await countCertificates(member.id, 'sub_category')).toBe(1);
  });

  it('issues the category certificate exactly once when the last video is watched by concurrent reports', async () => {
    const video = catalog.videos['confined-space']!;
    await Promise.all(Array.from({ length: 5 }, () => report(acme.member, video)));
    expect(await countCertificates(acme.member.id, 'category')).toBe(1);
    expect(await countCertificates(acme.member.id, 'sub_category')).toBe(2);
    const cert = await get(acme.member.token, '/get_user_certificate_by_category', {
      user_id: String(acme.member.id),
      category_id: String(catalog.categories.safety),
    });
    expect(cert.status).toBe(200);
    expect(cert.body.data.certification).toMatchObject({ category_id: catalog.categories.safety, created_at: expect.any(String) });
    const data = await home(acme.member.token);
    // The percent is the member's progress over the path's videos (issue 33), not the share of completed categories.
    const [safety, lean] = data.categories as { videos_count: number; watched_count: number }[];
    expect(lean!.watched_count).toBe(0);
    const percent = Math.floor((100 * safety!.videos_count) / (safety!.videos_count + lean!.videos_count));
    expect(data.summary).toBe(`1 COMPLETED / 2 TO GO - ${percent}% COMPLETED`);
    expect(data.percent).toBe(10);
    expect(data.categories[0]).toMatchObject({
      progress: 100,
      state: 'completed',
      certificate_date: expect.any(String),
      challenge: 'https://example.com/challenge',
    });
    expect(data.categories[1].available).toBe(true);
  });

  it('answers activity, certifications and rankings', async () => {
    const activity = await get(acme.member.token, `/get_user_activity/${acme.member.id}`);
    expect(activity.status).toBe(200);
    expect(activity.body.data).toEqual({
      videosLastWeek: 3,
      countSequenceDayWatch: 1,
      certifications: 1,
      certificationsAvailable: 2,
      rankingUser: { ranking: 1, points: 3 * 10 + 2 * 50 + 100 },
    });
    const certs = await get(acme.member.token, `/get_all_user_certifications/${acme.member.id}`);
    expect(certs.body.data.certifications).toHaveLength(1);
    expect(certs.body.data.micro_certifications).toHaveLength(2);
    expect(certs.body.data.available.map((c: { name: string }) => c.name)).toEqual(['Continuous Improvement']);
    expect(certs.body.data.last_video_id).toBe(catalog.videos['confined-space']);

    const rankings = await get(acme.member.token, '/get_all_rankings', { organization_id: String(acme.organizationId) });
    expect(rankings.status).toBe(200);
    expect(rankings.body.data.rankings.map((r: { position: number; points: number; user: { id: number } }) => [r.position, r.points, r.user.id])).toEqual([
      [1, 230, acme.member.id],
      [2, 0, acme.superUser.id],
    ]);
    // The super user passes the member on points: the ranking follows.
    await report(acme.superUser, catalog.videos.lockout!);
    await report(acme.superUser, catalog.videos.ppe!);
    const after = await get(acme.superUser.token, `/get_user_activity/${acme.superUser.id}`);
    expect(after.body.data.rankingUser).toEqual({ ranking: 2, points: 70 });
    // A super user reads the activity of a member of their organization.
    expect((await get(acme.superUser.token, `/get_user_activity/${acme.member.id}`)).status).toBe(200);
  });

  it('lists the people of the organization and of a team with ranking and points', async () => {
    const org = await get(acme.member.token, `/get_all_users_organization/${acme.organizationId}`);
    expect(org.status).toBe(200);
    expect(org.body.data.users).toHaveLength(2);
    expect(org.body.data.users[0]).toMatchObject({ name: 'Mia', last_name: 'Member', role: 'Operator', team: 'Assembly', ranking: 1, points: 230 });
    const team = await get(acme.member.token, `/get_all_users_my_team/${acme.organizationId}/Assembly`);
    expect(team.body.data.users).toHaveLength(2);
    const teamId = (await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', acme.member.id).executeTakeFirstOrThrow()).team_id!;
    expect((await get(acme.member.token, `/get_all_users_my_team/${acme.organizationId}/${teamId}`)).body.data.users).toHaveLength(2);
    const byTeam = await get(acme.member.token, `/organization/teams/${teamId}/users`, { take: '1' });
    expect(byTeam.body.data).toMatchObject({ take: 1, skip: 0 });
    expect(byTeam.body.data.users).toHaveLength(1);
    expect((await get(acme.member.token, `/get_all_users_my_team/${acme.organizationId}/Nowhere`)).status).toBe(404);
  });

  it('records a challenge and the first-login push', async () => {
    const res = await post(acme.member.token, '/insert_new_challenge', {
      user_id: acme.member.id,
      challenge_category_id: catalog.categories.safety,
      challenge_type: 'category',
      challenge_description: 'Health and Safety',
      challenge_status: 'opened',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.challenge).toBe('https://example.com/challenge');
    const bad = await post(acme.member.token, '/insert_new_challenge', { user_id: acme.member.id, challenge_category_id: 'x', challenge_type: 'team' });
    expect(bad.status).toBe(400);
    const push = await post(acme.member.token, `/user/${acme.member.id}/updateFirstLoginInLibraryPush`, {});
    expect(push.status).toBe(200);
    expect(push.body.data).toMatchObject({ first_login: 1, logged_in_account: expect.any(Number) });
    expect((await post(acme.member.token, `/user/${acme.superUser.id}/updateFirstLoginInLibraryPush`, {})).status).toBe(403);
  });

  it('downloads the certificate as a PDF and verifies it publicly', async () => {
    const certs = await get(acme.member.token, `/get_all_user_certifications/${acme.member.id}`);
    const cert = certs.body.data.certifications[0];
    const res = await fetch(`${platform.url}/api/certificates/${cert.id}/pdf`, { headers: { authorization: `Bearer ${acme.member.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes).toString('latin1').startsWith('%PDF-1.4')).toBe(true);
    const issued = await platform.ctx.db.selectFrom('certificates').select('issued_at').where('id', '=', cert.id).executeTakeFirstOrThrow();
    const day = new Date(Number(issued.issued_at));
    const two = (n: number) => String(n).padStart(2, '0');
    const ptBrDate = `${two(day.getUTCDate())}/${two(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`;
    const pdf = await pdfText(bytes);
    expect(pdf.pages).toBe(1);
    const lines = pdf.text.split('\n');
    expect(lines).toContain('Mia Member');
    expect(lines).toContain('Health and Safety');
    expect(lines).toContain('Acme');
    expect(lines).toContain(`Date: ${ptBrDate}`);
    expect(lines).toContain(`Verification code: ${cert.verification_code}`);
    // The public verification address, beside its QR code (drawn as filled squares).
    expect(lines).toContain('Scan or visit to verify:');
    expect(lines.some((line) => line.endsWith(`/verify/${cert.verification_code}`))).toBe(true);
    expect((await fetch(`${platform.url}/api/certificates/${cert.id}/pdf`, { headers: { authorization: `Bearer ${rival.superUser.token}` } })).status).toBe(
      404,
    );

    const verify = await platform.api('GET', `/api/certificates/verify/${cert.verification_code}`);
    expect(verify.status).toBe(200);
    expect(verify.body.data).toMatchObject({ valid: true, member: 'Mia Member', category: 'Health and Safety', organization: 'Acme', kind: 'category' });
    for (const code of ['ZZZZZZZZZZZZ', 'NOT-A-CODE', 'bad-code!']) {
      const missing = await platform.api('GET', `/api/certificates/verify/${encodeURIComponent(code)}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, error_messages: 'No such certificate.' });
    }
  });

  it("refuses another organization's data and bad ids", async () => {
    const other = rival.superUser.token;
    expect((await get(other, `/get_user_activity/${acme.member.id}`)).status).toBe(404);
    expect((await get(other, `/get_all_user_certifications/${acme.member.id}`)).status).toBe(404);
    expect((await get(other, '/get_user_certificate_by_category', { user_id: String(acme.member.id), category_id: '1' })).status).toBe(404);
    expect((await get(other, '/get_all_rankings', { organization_id: String(acme.organizationId) })).status).toBe(403);
    expect((await get(other, `/get_all_users_organization/${acme.organizationId}`)).status).toBe(403);
    expect((await get(other, `/get_all_users_my_team/${acme.organizationId}/Assembly`)).status).toBe(403);
    const teamId = (await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', acme.member.id).executeTakeFirstOrThrow()).team_id!;
    expect((await get(other, `/organization/teams/${teamId}/users`)).status).toBe(404);
    // A member of the same organization does not read another member's activity.
    expect((await get(acme.member.token, `/get_user_activity/${acme.superUser.id}`)).status).toBe(403);
    expect((await get(acme.member.token, '/get_user_activity/abc')).status).toBe(400);
    expect((await get(acme.member.token, '/get_all_user_certifications/0')).status).toBe(400);
    expect((await get(acme.member.token, '/get_all_rankings', { organization_id: 'x' })).status).toBe(400);
    expect((await get(acme.member.token, '/get_user_certificate_by_category', { user_id: '1' })).status).toBe(400);
    expect((await get(acme.member.token, '/get_all_users_organization/-1')).status).toBe(400);
    expect((await platform.api('GET', `/api/get_user_activity/${acme.member.id}`)).status).toBe(401);
  });

  it('excludes videos hidden by the team path from progress', async () => {
    // Rival hides "ppe": Basics is complete with lockout alone.
    const pathId = await ensurePath(platform.ctx.db, rival.organizationId, null);
    await replaceHiddenVideos(platform.ctx.db, pathId, catalog.categories.safety!, [catalog.videos.ppe!]);
    await report(rival.member, catalog.videos.lockout!);
    const data = await home(rival.member.token);
    expect(data.categories[0]).toMatchObject({ videos_count: 2, progress: 50 });
    expect(await countCertificates(rival.member.id, 'sub_category')).toBe(1);
  });

  it('issues the certificates a supervisor completes by hiding the videos still unwatched, when the path is next read', async () => {
    const { member, superUser, organizationId } = await organizationWithMembers(platform, 'Hiding');
    const hide = (videoIds: number[]) =>
      platform.api('POST', `/api/edit_hidden_videos/${organizationId}/${catalog.categories.safety}/0`, {
        token: superUser.token,
        json: { hidden_videos_ids: videoIds },
      });
    await report(member, catalog.videos.lockout!);
    expect(await countCertificates(member.id, 'sub_category')).toBe(0);
    // Basics is complete once ppe is hidden; Advanced (confined-space) is not watched yet.
    expect((await hide([catalog.videos.ppe!])).status).toBe(200);
    const afterFirst = (await home(member.token)).categories[0];
    expect(afterFirst).toMatchObject({ videos_count: 2, watched_count: 1, certificate_date: null });
    expect(afterFirst.sub_categories.find((s: { sub_category_id: number }) => s.sub_category_id === catalog.subCategories['safety-basics'])).toMatchObject({
      progress: 100,
      certificate_date: expect.any(String),
    });
    expect(await countCertificates(member.id, 'sub_category')).toBe(1);
    // Hiding confined-space too completes the category: its certificate is issued once, by two reads at once.
    expect((await hide([catalog.videos.ppe!, catalog.videos['confined-space']!])).status).toBe(200);
    const [first, second] = await Promise.all([home(member.token), home(member.token)]);
    for (const data of [first, second]) expect(data.categories[0]).toMatchObject({ progress: 100, state: 'completed', certificate_date: expect.any(String) });
    expect(await countCertificates(member.id, 'category')).toBe(1);
    expect(await countCertificates(member.id, 'sub_category')).toBe(1);
    const certifications = await get(superUser.token, `/get_all_user_certifications/${member.id}`);
    expect(certifications.status).toBe(200);
    expect(JSON.stringify(certifications.body.data)).toContain('Health and Safety');
  });

  it('keeps the category figures and points equal to what the history says, after concurrent reports', async () => {
    const db = platform.ctx.db;
    // A fresh member: first reports on two videos race each other, then one crosses 90%.
    const fresh = await organizationWithMembers(platform, 'Fresh');
    await openWholeCatalog(platform, fresh.organizationId);
    const lockout = catalog.videos.lockout!;
    const bulk = catalog.videos['bulk-01']!;
    await Promise.all([report(fresh.member, lockout, 0.01), report(fresh.member, lockout, 0.01), report(fresh.member, bulk, 0.01)]);
    await Promise.all([report(fresh.member, lockout), report(fresh.member, lockout)]);
    const kept = await db
      .selectFrom('member_category_stats')
      .select(['category_id', 'started', 'watched'])
      .where('user_id', '=', fresh.member.id)
      .orderBy('category_id')
      .execute();
    expect(kept).toEqual([
      { category_id: catalog.categories.safety, started: 1, watched: 1 },
      { category_id: catalog.categories.lean, started: 1, watched: 0 },
    ]);
    const points = await db.selectFrom('member_points').select('points').where('user_id', '=', fresh.member.id).executeTakeFirstOrThrow();
    expect(points.points).toBe(10); // the video only: Basics also holds ppe, so no micro-certificate yet
    // Every member's kept figures equal a recount of the whole history.
    const snapshot = async () => ({
      stats: await db.selectFrom('member_category_stats').selectAll().orderBy('user_id').orderBy('category_id').execute(),
      points: await db.selectFrom('member_points').select(['user_id', 'points']).orderBy('user_id').execute(),
    });
    const before = await snapshot();
    await rebuildCategoryStats(db);
    await rebuildMemberPoints(db);
    const after = await snapshot();
    expect(after.points).toEqual(before.points);
    expect(after.stats.map((r) => ({ ...r, seconds: Number(r.seconds), first_at: Number(r.first_at) }))).toEqual(
      before.stats.map((r) => ({ ...r, seconds: Number(r.seconds), first_at: Number(r.first_at) })),
    );
  });

  it('ranks an organization of 5,000 members: equal points by earlier achievement, members without points last', async () => {
    const big = await organizationWithMembers(platform, 'Big');
    const db = platform.ctx.db;
    const t = Date.now();
    const ids = await insertBulkMembers(platform, big.organizationId, 5000);
    const lockout = catalog.videos.lockout!;
    await insertWatchHistory(
      db,
      // The first two reached their points at the same instant: the lower id ranks first.
      ids.map((id, i) => ({ user_id: id, video_id: lockout, seconds: 2, watched_at: t + Math.max(0, i - 1), last_watched_at: t, created_at: t })),
    );
    const res = await get(big.superUser.token, '/get_all_rankings', { organization_id: String(big.organizationId), take: '3' });
    const activity = await get(big.member.token, `/get_user_activity/${big.member.id}`);
    expect(res.status).toBe(200);
    // Equal points: the earlier achievement comes first, then the lower id.
    expect(res.body.data.rankings.map((r: { position: number; user: { id: number } }) => [r.position, r.user.id])).toEqual([
      [1, ids[0]],
      [2, ids[1]],
      [3, ids[2]],
    ]);
    expect(activity.body.data.rankingUser).toEqual({ ranking: 5002, points: 0 });
  });

  it('keeps positions in the ranking order itself: every member and every page agree with ranking the whole organization', async () => {
    const org = await organizationWithMembers(platform, 'Kept ranks');
    const db = platform.ctx.db;
    const ids = await insertBulkMembers(platform, org.organizationId, 40);
    const t = 1_700_000_000_000;
    // Distinct points, ties on points broken by the moment, ties on both broken by id; a third of the members without points.
    for (const [i, id] of ids.entries()) {
      if (i % 3 === 2) continue;
      await addPoints(db, { userId: id, organizationId: org.organizationId }, 10 * (i % 5), t + (i % 4));
    }
    // A deleted member with the most points, and one without: neither ranks, nor counts ahead of anyone.
    await addPoints(db, { userId: ids[0]!, organizationId: org.organizationId }, 1000, t);
    await softDeleteUser(db, org.organizationId, ids[0]!);
    await softDeleteUser(db, org.organizationId, ids[2]!);
    const everyone = await peopleByName(db, org.organizationId, { skip: 0, take: 1000 });
    const expected = [...everyone].sort((a, b) => a.ranking - b.ranking);
    expect(expected.map((p) => p.ranking)).toEqual(expected.map((_, i) => i + 1));
    expect(expected.some((p) => p.id === ids[0] || p.id === ids[2])).toBe(false);
    for (const person of expected) {
      expect(await rankOf(db, org.organizationId, person.id)).toEqual({ ranking: person.ranking, points: person.points });
    }
    for (const [skip, take] of [
      [0, 7],
      [7, 7],
      [20, 9],
      [26, 30],
      [100, 5],
    ] as const) {
      const page = await rankingPage(db, org.organizationId, { skip, take });
      expect(page.map((p) => [p.ranking, p.id, p.points])).toEqual(expected.slice(skip, skip + take).map((p) => [p.ranking, p.id, p.points]));
    }
  });
});
