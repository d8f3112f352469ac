import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';

/**
 * A published own lesson changed, taken back, published again, deleted, and its revisions listed and restored
 * (issue 37): over real HTTP, each change in the audit log, every other caller refused with nothing changed.
 */
let platform: TestPlatform;
let a: Awaited<ReturnType<typeof organizationWithMembers>>;
let b: Awaited<ReturnType<typeof organizationWithMembers>>;
let guest: string;
let media: string;
let video: Buffer;
let otherVideo: Buffer;
let author: { id: number; token: string };

const TUS = { 'tus-resumable': '1.0.0' };

function cut(file: string, seconds: number): Buffer {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=160x90:rate=10:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  return fs.readFileSync(file);
}

beforeAll(async () => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-studio-lifecycle-'));
  video = cut(path.join(media, 'v1.mp4'), 2);
  otherVideo = cut(path.join(media, 'v2.mp4'), 3);
  platform = await startPlatform({ STUDIO_MAX_UPLOAD_MB: '3', STUDIO_QUOTA_MB: '20', JOB_POLL_MS: '100' });
  a = await organizationWithMembers(platform, 'Lifecycle Works');
  b = await organizationWithMembers(platform, 'Other Plant');
  const email = uniqueEmail('author');
  const id = await addMember(platform.ctx, a.organizationId, {
    email,
    password: STRONG_PASSWORD,
    name: 'Ada',
    lastName: 'Setter',
    team: 'Line',
    role: 'Setter',
  });
  expect((await platform.api('PUT', `/api/studio/authors/${id}`, { token: a.superUser.token, json: { author: true } })).status).toBe(200);
  author = { id, token: await signIn(platform, email) };
  guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
}, 120_000);
afterAll(async () => {
  await platform?.close();
  if (media) fs.rmSync(media, { recursive: true, force: true });
});

const api = (method: string, p: string, token: string | undefined, json?: unknown) => platform.api(method, p, { token, json });

async function upload(token: string, lesson: number, bytes: Buffer, metadata: Record<string, string> = {}) {
  const pairs = Object.entries({ lesson_id: String(lesson), ...metadata }).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`);
  const created = await fetch(`${platform.url}/api/studio/uploads`, {
    method: 'POST',
    headers: { ...TUS, authorization: `Bearer ${token}`, 'upload-length': String(bytes.length), 'upload-metadata': pairs.join(',') },
  });
  expect(created.status).toBe(201);
  const sent = await fetch(`${platform.url}${created.headers.get('location')}`, {
    method: 'PATCH',
    headers: { ...TUS, authorization: `Bearer ${token}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(sent.status).toBe(204);
}

async function settled(token: string, id: number) {
  for (let i = 0; i < 300; i++) {
    const res = await api('GET', `/api/studio/lessons/${id}`, token);
    if (!['uploading', 'processing'].includes(res.body.data.media_state)) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the lesson never settled');
}

async function publishedLesson(title: string): Promise<number> {
  const created = await api('POST', '/api/studio/lessons', author.token, { title, category: 'Presses', description: 'Changeover of press 4.' });
  expect(created.status).toBe(201);
  const id = created.body.data.id as number;
  await upload(author.token, id, video);
  expect((await settled(author.token, id)).media_state).toBe('ready');
  expect((await api('POST', `/api/studio/lessons/${id}/publish`, author.token)).status).toBe(200);
  return id;
}

const auditOf = async (lessonId: number) =>
  ((await api('GET', '/api/studio/audit', a.superUser.token)).body.data.entries as { lesson_id: number; action: string; detail: string; by: string }[]).filter(
    (e) => e.lesson_id === lessonId,
  );
const search = (token: string, q: string) => platform.api('GET', '/api/search', { token, query: { q } });
const libraryIds = async (token: string) => ((await api('GET', '/api/studio/library', token)).body.data.lessons as { id: number }[]).map((l) => l.id);
const homeLessons = async (token: string) =>
  ((await api('GET', '/api/learning_path_home', token)).body.data.own_lessons as { lesson_id: number }[]).map((l) => l.lesson_id);
/** Everything of a lesson a refused call must leave as it was. */
const snapshot = async (lessonId: number) => ({
  lesson: await platform.ctx.db.selectFrom('studio_lessons').selectAll().where('id', '=', lessonId).executeTakeFirst(),
  revisions: await platform.ctx.db.selectFrom('studio_lesson_revisions').selectAll().where('lesson_id', '=', lessonId).orderBy('revision').execute(),
  audit: await platform.ctx.db.selectFrom('studio_audit').select('id').where('lesson_id', '=', lessonId).execute(),
  watches: await platform.ctx.db.selectFrom('studio_lesson_watches').selectAll().where('lesson_id', '=', lessonId).execute(),
  uploads: await platform.ctx.db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', lessonId).execute(),
});

describe('editing, unpublishing and publishing again', () => {
  let lessonId: number;
  beforeAll(async () => {
    lessonId = await publishedLesson('Press 4 changeover');
    expect((await api('PUT', `/api/organization/${a.organizationId}/path-lessons`, a.superUser.token, { lesson_ids: [lessonId] })).status).toBe(200);
  }, 120_000);

  it('an author changes the title, category and description; members see the new words; the audit log keeps the old ones', async () => {
    const saved = await api('PUT', `/api/studio/lessons/${lessonId}`, author.token, {
      title: 'Press 4 die change',
      category: 'Die change',
      description: 'Quick die change.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ title: 'Press 4 die change', category: 'Die change', status: 'published', in_paths: 1 });
    expect((await api('GET', `/api/studio/library/${lessonId}`, a.member.token)).body.data.title).toBe('Press 4 die change');
    expect((await search(a.member.token, 'die change')).body.data.own_lessons.total).toBe(1);
    expect((await search(a.member.token, 'changeover')).body.data.own_lessons.total).toBe(0);
    const [entry] = await auditOf(lessonId);
    expect(entry).toMatchObject({ action: 'edited', by: 'Ada Setter' });
    expect(entry?.detail).toBe(
      'Title: "Press 4 changeover" → "Press 4 die change"; Category: "Presses" → "Die change"; Description: "Changeover of press 4." → "Quick die change."',
    );
    // The creation's rules: a title is needed; nothing is changed then.
    const before = await snapshot(lessonId);
    const bad = await api('PUT', `/api/studio/lessons/${lessonId}`, author.token, { title: '  ', category: 'Die change' });
    expect(bad.status).toBe(400);
    expect(await snapshot(lessonId)).toEqual(before);
  });

  it('unpublished, members no longer find it anywhere; published again, it is back with the same revision', async () => {
    expect(await libraryIds(a.member.token)).toEqual([lessonId]);
    expect(await homeLessons(a.member.token)).toEqual([lessonId]);
    const stream = (await api('GET', `/api/studio/library/${lessonId}`, a.member.token)).body.data.stream_url as string;
    expect((await fetch(`${platform.url}${stream}`)).status).toBe(200);
    const off = await api('POST', `/api/studio/lessons/${lessonId}/unpublish`, author.token);
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ status: 'unpublished', published_at: null, revision: 1 });
    expect(await libraryIds(a.member.token)).toEqual([]);
    expect(await homeLessons(a.member.token)).toEqual([]);
    expect((await search(a.member.token, 'die change')).body.data.own_lessons.total).toBe(0);
    expect((await api('GET', `/api/studio/library/${lessonId}`, a.member.token)).status).toBe(404);
    expect((await api('POST', `/api/studio/library/${lessonId}/watch`, a.member.token, { seconds: 1, position: 1 })).status).toBe(404);
    const path = await api('GET', `/api/organization/${a.organizationId}/path-lessons`, a.superUser.token);
    expect(path.body.data.lessons).toEqual([]);
    expect(path.body.data.available).toEqual([]);
    expect((await api('POST', `/api/studio/lessons/${lessonId}/unpublish`, author.token)).status).toBe(409);
    // Back: the same live revision, no new revision row, its place in the path kept.
    const on = await api('POST', `/api/studio/lessons/${lessonId}/publish`, a.superUser.token);
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ status: 'published', revision: 1 });
    expect(await libraryIds(a.member.token)).toEqual([lessonId]);
    expect(await homeLessons(a.member.token)).toEqual([lessonId]);
    expect((await snapshot(lessonId)).revisions).toHaveLength(1);
    expect((await auditOf(lessonId)).slice(0, 2).map((e) => [e.action, e.detail])).toEqual([
      ['published', 'Published again with revision 1'],
      ['unpublished', 'Taken back from the members at revision 1; it stays in 1 learning path, hidden until published again'],
    ]);
  });

  it('a new video for an unpublished lesson is a revision too (it says what changed)', async () => {
    expect((await api('POST', `/api/studio/lessons/${lessonId}/unpublish`, author.token)).status).toBe(200);
    const created = await fetch(`${platform.url}/api/studio/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        authorization: `Bearer ${author.token}`,
        'upload-length': String(otherVideo.length),
        'upload-metadata': `lesson_id ${Buffer.from(String(lessonId)).toString('base64')}`,
      },
    });
    expect(created.status).toBe(400);
    expect((await api('POST', `/api/studio/lessons/${lessonId}/publish`, author.token)).status).toBe(200);
  });

  it('member, guest, visitor and another organization are refused every change, and nothing changes', async () => {
    const before = await snapshot(lessonId);
    const calls: [string, string, unknown?][] = [
      ['PUT', `/api/studio/lessons/${lessonId}`, { title: 'Hijacked', category: 'X' }],
      ['POST', `/api/studio/lessons/${lessonId}/unpublish`],
      ['POST', `/api/studio/lessons/${lessonId}/publish`],
      ['DELETE', `/api/studio/lessons/${lessonId}`],
      ['GET', `/api/studio/lessons/${lessonId}/revisions`],
      ['POST', `/api/studio/lessons/${lessonId}/revisions/1/restore`, { requires_retraining: true }],
    ];
    for (const [method, url, body] of calls) {
      for (const [who, token, status] of [
        ['member', a.member.token, 403],
        ['guest', guest, 403],
        ['visitor', undefined, 401],
        ['other super user', b.superUser.token, 404],
        ['other member', b.member.token, 403],
      ] as const) {
        const res = await api(method, url, token, body);
        expect({ who, method, url, status: res.status }).toEqual({ who, method, url, status });
        expect(res.body.success).toBe(false);
      }
    }
    expect(await snapshot(lessonId)).toEqual(before);
    expect(await libraryIds(a.member.token)).toEqual([lessonId]);
  });
});

describe('deleting a lesson', () => {
  it('takes it away from everyone (studio, library, search, paths) and frees its storage; watch history, revisions and the audit log stay', {
    timeout: 120_000,
  }, async () => {
    const lessonId = await publishedLesson('Guard interlock test');
    expect((await api('PUT', `/api/organization/${a.organizationId}/path-lessons`, a.superUser.token, { lesson_ids: [lessonId] })).status).toBe(200);
    expect((await api('POST', `/api/studio/library/${lessonId}/watch`, a.member.token, { seconds: 2, position: 2 })).body.data.watched).toBe(true);
    const usedBefore = (await api('GET', '/api/studio/lessons', author.token)).body.data.storage.used_bytes as number;
    const gone = await api('DELETE', `/api/studio/lessons/${lessonId}`, author.token);
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ id: lessonId });
    const studio = (await api('GET', '/api/studio/lessons', author.token)).body.data;
    expect(studio.lessons.map((l: { id: number }) => l.id)).not.toContain(lessonId);
    expect(studio.storage.used_bytes).toBe(usedBefore - video.length);
    expect((await api('GET', `/api/studio/lessons/${lessonId}`, author.token)).status).toBe(404);
    expect((await api('GET', `/api/studio/library/${lessonId}`, a.member.token)).status).toBe(404);
    expect(await libraryIds(a.member.token)).not.toContain(lessonId);
    expect(await homeLessons(a.member.token)).not.toContain(lessonId);
    expect((await search(a.member.token, 'interlock')).body.data.own_lessons.total).toBe(0);
    expect(
      (await api('GET', `/api/organization/${a.organizationId}/path-lessons`, a.superUser.token)).body.data.lessons.map(
        (l: { lesson_id: number }) => l.lesson_id,
      ),
    ).not.toContain(lessonId);
    // Every later call on it: 404, nothing more written.
    for (const [method, url, body] of [
      ['DELETE', `/api/studio/lessons/${lessonId}`],
      ['POST', `/api/studio/lessons/${lessonId}/publish`],
      ['PUT', `/api/studio/lessons/${lessonId}`, { title: 'Back', category: 'X' }],
      ['POST', `/api/studio/lessons/${lessonId}/revisions/1/restore`, {}],
    ] as const)
      expect((await api(method, url, author.token, body)).status).toBe(404);
    const kept = await snapshot(lessonId);
    expect(kept.lesson).toMatchObject({ deleted_at: expect.anything(), published_at: null, title: 'Guard interlock test' });
    expect(kept.watches).toEqual([expect.objectContaining({ user_id: a.member.id, watched_at: expect.anything() })]);
    expect(kept.revisions).toHaveLength(1);
    expect(kept.uploads).toEqual([]);
    const [entry] = await auditOf(lessonId);
    expect(entry).toMatchObject({
      action: 'deleted',
      by: 'Ada Setter',
      detail: 'Deleted (published, revision 1; left 1 learning path); revisions and watch history kept',
    });
    expect(kept.audit).toHaveLength(4); // created, new video, published, deleted
  });
});

describe('revisions: listed and restored', () => {
  it('lists each revision (number, date, who, retraining) and restores an earlier one as a new revision, history unchanged', { timeout: 180_000 }, async () => {
    const lessonId = await publishedLesson('Coil loading');
    await upload(author.token, lessonId, otherVideo, { summary: 'Second camera angle', requires_retraining: '0' });
    expect(await settled(author.token, lessonId)).toMatchObject({ revision: 2, duration_seconds: 3 });
    const listed = await api('GET', `/api/studio/lessons/${lessonId}/revisions`, author.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.revisions).toEqual([
      {
        revision: 2,
        created_at: expect.stringMatching(/^\d{4}-/),
        by: 'Ada Setter',
        requires_retraining: false,
        summary: 'Second camera angle',
        duration_seconds: 3,
        restored_from: null,
        live: true,
      },
      {
        revision: 1,
        created_at: expect.stringMatching(/^\d{4}-/),
        by: 'Ada Setter',
        requires_retraining: false,
        summary: 'First published',
        duration_seconds: 2,
        restored_from: null,
        live: false,
      },
    ]);
    // The member completes revision 2; restoring revision 1 with retraining asks them to watch again.
    expect((await api('POST', `/api/studio/library/${lessonId}/watch`, a.member.token, { seconds: 3, position: 3 })).body.data.watched).toBe(true);
    const historyBefore = (await snapshot(lessonId)).revisions;
    const restored = await api('POST', `/api/studio/lessons/${lessonId}/revisions/1/restore`, a.superUser.token, {
      summary: 'The new angle hid the guard',
      requires_retraining: true,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ revision: 3, duration_seconds: 2, media_state: 'ready', status: 'published' });
    const after = await snapshot(lessonId);
    expect(after.revisions.slice(0, 2)).toEqual(historyBefore);
    expect(after.revisions[2]).toMatchObject({
      revision: 3,
      media_asset_id: historyBefore[0]?.media_asset_id,
      restored_from: 1,
      requires_retraining: 1,
      summary: 'Restores revision 1: The new angle hid the guard',
    });
    expect(after.watches).toEqual([expect.objectContaining({ user_id: a.member.id, watched_at: null, seconds: 0 })]);
    const notice = await platform.ctx.db
      .selectFrom('notices')
      .select('message')
      .where('user_id', '=', a.member.id)
      .where('kind', '=', 'lesson_retrain')
      .executeTakeFirst();
    expect(notice?.message).toContain('Restores revision 1');
    const stream = (await api('GET', `/api/studio/library/${lessonId}`, a.member.token)).body.data.stream_url as string;
    expect((await fetch(`${platform.url}${stream}`)).status).toBe(200);
    const revs = (await api('GET', `/api/studio/lessons/${lessonId}/revisions`, author.token)).body.data.revisions;
    expect(revs.map((r: { revision: number; live: boolean; restored_from: number | null }) => [r.revision, r.live, r.restored_from])).toEqual([
      [3, true, 1],
      [2, false, null],
      [1, false, null],
    ]);
    expect((await auditOf(lessonId))[0]).toMatchObject({
      action: 'revised',
      detail: 'Revision 3 restores revision 1, requires retraining (1 asked to watch again): Restores revision 1: The new angle hid the guard',
    });
    // Refused with nothing written: the live video again, an unknown revision, a draft's.
    const before = await snapshot(lessonId);
    expect((await api('POST', `/api/studio/lessons/${lessonId}/revisions/3/restore`, author.token, {})).status).toBe(409);
    expect((await api('POST', `/api/studio/lessons/${lessonId}/revisions/1/restore`, author.token, {})).status).toBe(409);
    expect((await api('POST', `/api/studio/lessons/${lessonId}/revisions/9/restore`, author.token, {})).status).toBe(404);
    expect((await api('POST', `/api/studio/lessons/${lessonId}/revisions/1/restore`, author.token, { summary: 'x'.repeat(401) })).status).toBe(400);
    expect(await snapshot(lessonId)).toEqual(before);
    const draft = await api('POST', '/api/studio/lessons', author.token, { title: 'Draft only', category: 'Presses' });
    expect((await api('POST', `/api/studio/lessons/${draft.body.data.id}/revisions/1/restore`, author.token, {})).status).toBe(409);
    expect((await api('GET', `/api/studio/lessons/${draft.body.data.id}/revisions`, author.token)).body.data.revisions).toEqual([]);
  });
});
