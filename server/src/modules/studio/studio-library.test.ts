import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';
import { setStudioQuota } from './index.ts';

/**
 * The studio's lessons where members look (issue 37): the organization's own quota, the super user's list of
 * authors, captions, and the search finding published own lessons by a caption word or a title word, for the
 * organization's members only (never another organization's, the guest or a visitor).
 */
const APERTIUM = spawnSync('sh', ['-c', 'command -v apertium']).status === 0;
let platform: TestPlatform;
let a: Awaited<ReturnType<typeof organizationWithMembers>>;
let b: Awaited<ReturnType<typeof organizationWithMembers>>;
let guest: string;
let media: string;
let video: Buffer;
let otherVideo: Buffer;
let operator: { id: number; token: string };
let lessonId: number;

const TUS = { 'tus-resumable': '1.0.0' };
const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../../..');

const CAPTIONS = `WEBVTT

00:00:00.000 --> 00:00:01.000
Lock out the hydraulic accumulator first.

00:00:01.000 --> 00:00:02.000
Then bleed the accumulator to zero.
`;

beforeAll(async () => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-studio-library-'));
  const file = path.join(media, 'lesson.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  video = fs.readFileSync(file);
  // A second cut (another length, so another asset): a published lesson's new revision.
  const other = path.join(media, 'lesson-v2.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', other],
  ]);
  otherVideo = fs.readFileSync(other);
  platform = await startPlatform({ STUDIO_MAX_UPLOAD_MB: '3', STUDIO_QUOTA_MB: '5', JOB_POLL_MS: '100' });
  a = await organizationWithMembers(platform, 'Press Works');
  b = await organizationWithMembers(platform, 'Rival Plant');
  const email = uniqueEmail('operator');
  const id = await addMember(platform.ctx, a.organizationId, {
    email,
    password: STRONG_PASSWORD,
    name: 'Olga',
    lastName: 'Quillfeather',
    team: 'Assembly',
    role: 'Setter',
  });
  operator = { id, token: await signIn(platform, email) };
  guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
});
afterAll(async () => {
  await platform?.close();
  if (media) fs.rmSync(media, { recursive: true, force: true });
});

const api = (method: string, p: string, token: string | undefined, json?: unknown) => platform.api(method, p, { token, json });
const search = (token: string | undefined, q: string, kind?: string) => platform.api('GET', '/api/search', { token, query: { q, ...(kind ? { kind } : {}) } });

async function createUpload(token: string, lesson: number, length: number, metadata: Record<string, string> = {}) {
  const pairs = Object.entries({ lesson_id: String(lesson), ...metadata }).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`);
  return fetch(`${platform.url}/api/studio/uploads`, {
    method: 'POST',
    headers: { ...TUS, authorization: `Bearer ${token}`, 'upload-length': String(length), 'upload-metadata': pairs.join(',') },
  });
}

async function sendUpload(token: string, location: string, bytes: Buffer) {
  return fetch(`${platform.url}${location}`, {
    method: 'PATCH',
    headers: { ...TUS, authorization: `Bearer ${token}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
}

/** Polls the studio's lesson until its video is no longer uploading or processing. */
async function settled(token: string, id: number) {
  for (let i = 0; i < 300; i++) {
    const res = await platform.api('GET', `/api/studio/lessons/${id}`, { token });
    if (!['uploading', 'processing'].includes(res.body.data.media_state)) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the lesson never settled');
}

async function publishedLesson(token: string, title: string): Promise<number> {
  const created = await api('POST', '/api/studio/lessons', token, { title, category: 'Hydraulics', description: 'Before any work on press 3.' });
  expect(created.status).toBe(201);
  const id = created.body.data.id as number;
  const upload = await createUpload(token, id, video.length);
  expect(upload.status).toBe(201);
  const finish = await fetch(`${platform.url}${upload.headers.get('location')}`, {
    method: 'PATCH',
    headers: { ...TUS, authorization: `Bearer ${token}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(video),
  });
  expect(finish.status).toBe(204);
  for (let i = 0; i < 300; i++) {
    const res = await api('GET', `/api/studio/lessons/${id}`, token);
    if (res.body.data.media_state === 'ready') break;
    expect(res.body.data.media_state).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 200));
  }
  expect((await api('POST', `/api/studio/lessons/${id}/publish`, token)).status).toBe(200);
  return id;
}

describe('the organization’s quota', () => {
  it('is STUDIO_QUOTA_MB until the operator sets the organization’s own; uploads over it are refused', async () => {
    const before = await api('GET', '/api/studio/lessons', a.superUser.token);
    expect(before.body.data.storage.quota_bytes).toBe(5 * 1024 * 1024);
    expect(await setStudioQuota(platform.ctx.db, a.organizationId, 1)).toBe(true);
    expect((await api('GET', '/api/studio/lessons', a.superUser.token)).body.data.storage.quota_bytes).toBe(1024 * 1024);
    // B keeps the default.
    expect((await api('GET', '/api/studio/lessons', b.superUser.token)).body.data.storage.quota_bytes).toBe(5 * 1024 * 1024);
    const lesson = await api('POST', '/api/studio/lessons', a.superUser.token, { title: 'Too big for 1 MB', category: 'Presses' });
    const over = await createUpload(a.superUser.token, lesson.body.data.id, 1_200_000);
    expect(over.status).toBe(413);
    expect((await over.json()).error_messages).toMatch(/storage is full: 0\.0 MB of 1\.0 MB used/);
    expect(await setStudioQuota(platform.ctx.db, a.organizationId, 20)).toBe(true);
    expect((await api('GET', '/api/studio/lessons', a.superUser.token)).body.data.storage.quota_bytes).toBe(20 * 1024 * 1024);
    expect(await setStudioQuota(platform.ctx.db, 999_999, 20)).toBe(false);
  });

  it('is set from the command line: set-studio-quota <organization id> <MB|default>', { timeout: 120_000 }, async () => {
    // The command against the platform's own database.
    const { databaseUrl, dataDir } = platform.ctx.config;
    const cli = (...args: string[]) =>
      run('npx', ['tsx', 'src/cli/platform.ts', ...args], { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl } }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
      );
    const set = await cli('set-studio-quota', String(b.organizationId), '2048');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain(`Organization ${b.organizationId}'s studio quota is 2048 MB.`);
    expect((await api('GET', '/api/studio/lessons', b.superUser.token)).body.data.storage.quota_bytes).toBe(2048 * 1024 * 1024);
    const bad = await cli('set-studio-quota', String(b.organizationId), '2.5');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('whole number of MB');
    expect(await setStudioQuota(platform.ctx.db, b.organizationId, null)).toBe(true);
    expect((await api('GET', '/api/studio/lessons', b.superUser.token)).body.data.storage.quota_bytes).toBe(5 * 1024 * 1024);
  });
});

describe('naming authors', () => {
  it('a super user lists the organization’s people with search, authors first, and switches one', async () => {
    const all = await platform.api('GET', '/api/studio/authors', { token: a.superUser.token });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    // The super user (an author already) first; nobody of organization B.
    expect(all.body.data.people[0]).toMatchObject({ user_id: a.superUser.id, super_user: true, author: true });
    expect(JSON.stringify(all.body.data)).not.toContain(b.member.email);
    const found = await platform.api('GET', '/api/studio/authors', { token: a.superUser.token, query: { q: 'quillfeather setter' } });
    expect(found.body.data).toEqual({
      total: 1,
      people: [
        { user_id: operator.id, name: 'Olga Quillfeather', email: expect.any(String), employee_number: null, role: 'Setter', super_user: false, author: false },
      ],
    });
    expect((await api('PUT', `/api/studio/authors/${operator.id}`, a.superUser.token, { author: true })).body.data).toEqual({
      user_id: operator.id,
      author: true,
    });
    const after = await platform.api('GET', '/api/studio/authors', { token: a.superUser.token, query: { q: 'quillfeather' } });
    expect(after.body.data.people[0].author).toBe(true);
    // Only a super user lists them; another organization's super user sees only their own people.
    expect((await platform.api('GET', '/api/studio/authors', { token: operator.token })).status).toBe(403);
    expect((await platform.api('GET', '/api/studio/authors', { token: a.member.token })).status).toBe(403);
    expect((await platform.api('GET', '/api/studio/authors', { token: guest })).status).toBe(403);
    expect((await platform.api('GET', '/api/studio/authors')).status).toBe(401);
    const rival = await platform.api('GET', '/api/studio/authors', { token: b.superUser.token, query: { q: 'quillfeather' } });
    expect(rival.body.data).toEqual({ people: [], total: 0 });
  });
});

describe('captions and search', () => {
  it('an author adds captions; a bad file is refused with a reason and changes nothing', { timeout: 120_000 }, async () => {
    lessonId = await publishedLesson(operator.token, 'Press 3 energy isolation');
    const bad = await api('PUT', `/api/studio/lessons/${lessonId}/captions`, operator.token, { vtt: 'not captions' });
    expect(bad.status).toBe(400);
    expect(bad.body.error_messages).toMatch(/does not start with "WEBVTT"/);
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/captions`, operator.token, {})).status).toBe(400);
    const saved = await api('PUT', `/api/studio/lessons/${lessonId}/captions`, operator.token, { vtt: CAPTIONS });
    expect(saved.status).toBe(200);
    expect(saved.body.data.caption_cues).toBe(2);
    // A member, another organization's super user, the guest and a visitor cannot.
    for (const token of [a.member.token, b.superUser.token, guest, undefined])
      expect((await api('PUT', `/api/studio/lessons/${lessonId}/captions`, token, { vtt: CAPTIONS })).status).toBeGreaterThanOrEqual(401);
    expect(await platform.ctx.db.selectFrom('studio_lesson_cues').select('id').where('lesson_id', '=', lessonId).execute()).toHaveLength(2);
  });

  it('the organization’s members find a published own lesson by a caption word or a title word, and open its moment', async () => {
    const byCaption = await search(a.member.token, 'accumulator');
    expect(byCaption.status).toBe(200);
    expect(byCaption.body.data.own_lessons.total).toBe(1);
    const hit = byCaption.body.data.own_lessons.items[0];
    expect(hit).toMatchObject({ lesson_id: lessonId, title: 'Press 3 energy isolation', category: 'Hydraulics', start_seconds: 0, duration: '00:00:02' });
    expect(hit.snippet.some((s: { text: string; hit: boolean }) => s.hit && s.text.toLowerCase() === 'accumulator')).toBe(true);
    // Words of the title and of the captions together; the last word as a prefix; accents ignored.
    expect((await search(a.member.token, 'isolation bleed')).body.data.own_lessons.items[0]).toMatchObject({ lesson_id: lessonId, start_seconds: 1 });
    expect((await search(a.member.token, 'énergy hydrau')).body.data.own_lessons.total).toBe(1);
    expect((await search(a.member.token, 'accumulator forklift')).body.data.own_lessons.total).toBe(0);
    // The section alone (its "show more").
    const only = await search(a.member.token, 'accumulator', 'own_lessons');
    expect(only.body.data.own_lessons.total).toBe(1);
    expect(only.body.data.videos.total).toBe(0);
    // Its super user and its authors too; the library lists it.
    expect((await search(a.superUser.token, 'accumulator')).body.data.own_lessons.total).toBe(1);
    const library = await platform.api('GET', '/api/studio/library', { token: a.member.token, query: { q: 'press' } });
    expect(library.body.data.lessons.map((l: { id: number }) => l.id)).toContain(lessonId);
  });

  it('the members’ player gets the captions as signed WebVTT tracks (sanitized), one per language the author named', { timeout: 60_000 }, async () => {
    const one = await api('GET', `/api/studio/library/${lessonId}`, a.member.token);
    expect(one.body.data.captions).toEqual([
      { lang: 'en', label: 'English', url: expect.stringMatching(/^\/media\/\d+\.lesson-\d+\/[\w-]+\/[0-9a-f]{64}\/captions\.vtt$/) },
    ]);
    const track = await fetch(`${platform.url}${one.body.data.captions[0].url}`);
    expect(track.status).toBe(200);
    expect(track.headers.get('content-type')).toContain('text/vtt');
    const text = await track.text();
    expect(text).toMatch(/^WEBVTT/);
    expect(text).toContain('Lock out the hydraulic accumulator first.');
    // Spanish captions join them as a track of their own; a tag that is no language is refused and changes nothing.
    const spanish = CAPTIONS.replace('Lock out the hydraulic accumulator first.', 'Bloquee primero el acumulador.');
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/captions`, operator.token, { vtt: spanish, lang: 'not a tag' })).status).toBe(400);
    if (APERTIUM) {
      // A machine draft first: the members' player says it is one, as the catalog's does, until an author reviews it.
      expect((await api('POST', `/api/studio/lessons/${lessonId}/captions/draft`, operator.token, { lang: 'es' })).status).toBe(200);
      const drafted = await api('GET', `/api/studio/library/${lessonId}`, a.member.token);
      expect(drafted.body.data.captions[1]).toMatchObject({ lang: 'es', label: 'Español (traducción automática)', machine: true });
    }
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/captions`, operator.token, { vtt: spanish, lang: 'es', reviewed: true })).status).toBe(200);
    const after = await api('GET', `/api/studio/library/${lessonId}`, a.member.token);
    expect(after.body.data.captions.map((c: { lang: string; label: string; machine?: boolean }) => [c.lang, c.label, c.machine ?? false])).toEqual([
      ['en', 'English', false],
      ['es', 'español', false],
    ]);
    expect(await (await fetch(`${platform.url}${after.body.data.captions[1].url}`)).text()).toContain('Bloquee primero el acumulador.');
    expect(await (await fetch(`${platform.url}${after.body.data.captions[0].url}`)).text()).toContain('Lock out the hydraulic accumulator first.');
  });

  it('a draft is found by nobody, not even its own organization’s members', async () => {
    const draft = await api('POST', '/api/studio/lessons', operator.token, { title: 'Accumulator draft', category: 'Hydraulics' });
    expect(draft.status).toBe(201);
    const found = await search(a.member.token, 'accumulator');
    expect(found.body.data.own_lessons.items.map((i: { lesson_id: number }) => i.lesson_id)).toEqual([lessonId]);
  });

  it('another organization’s members, the guest and visitors never get it: search, library, lesson or media', async () => {
    const one = await api('GET', `/api/studio/library/${lessonId}`, a.member.token);
    const streamUrl = one.body.data.stream_url as string;
    for (const token of [b.member.token, b.superUser.token, guest]) {
      for (const q of ['accumulator', 'energy isolation', 'hydraulics']) {
        const res = await search(token, q);
        expect(res.status).toBe(200);
        expect(res.body.data.own_lessons).toEqual({ items: [], total: 0 });
        const { q: _echo, ...answer } = res.body.data;
        expect(JSON.stringify(answer)).not.toMatch(/accumulator|energy isolation|hydraulics/i);
        expect((await search(token, q, 'own_lessons')).body.data.own_lessons.total).toBe(0);
      }
      expect((await api('GET', `/api/studio/library/${lessonId}`, token)).status).toBeGreaterThanOrEqual(403);
    }
    expect((await api('GET', '/api/studio/library', b.member.token)).body.data.lessons).toEqual([]);
    expect((await api('GET', '/api/studio/library', guest)).status).toBe(403);
    const anonymous = await search(undefined, 'accumulator');
    expect(anonymous.status).toBe(401);
    expect((await api('GET', '/api/studio/library', undefined)).status).toBe(401);
    expect((await api('GET', `/api/studio/library/${lessonId}`, undefined)).status).toBe(401);
    // The media: the signed URL only the organization's member was given plays; its files without a valid signature never do.
    expect((await fetch(`${platform.url}${streamUrl}`)).status).toBe(200);
    const [, , expires, , hash] = streamUrl.split('/');
    const forged = `/media/${expires}/${'0'.repeat(43)}/${hash}/master.m3u8`;
    expect([401, 403, 404]).toContain((await fetch(`${platform.url}${forged}`)).status);
    expect([401, 403, 404]).toContain((await fetch(`${platform.url}/media/${hash}/master.m3u8`)).status);
  });
});

describe('own lessons in learning paths', () => {
  const pathLessons = (token: string, organizationId: number, query: Record<string, string> = {}) =>
    platform.api('GET', `/api/organization/${organizationId}/path-lessons`, { token, query });
  const savePathLessons = (token: string, organizationId: number, body: object) => api('PUT', `/api/organization/${organizationId}/path-lessons`, token, body);
  const home = async (token: string) => (await api('GET', '/api/learning_path_home', token)).body.data;

  it('the path creator adds a published own lesson beside the categories; drafts and unknown lessons are refused', async () => {
    const before = await pathLessons(a.superUser.token, a.organizationId);
    expect(before.status).toBe(200);
    expect(before.body.data.lessons).toEqual([]);
    expect(before.body.data.available.map((l: { lesson_id: number }) => l.lesson_id)).toContain(lessonId);
    const draft = await api('POST', '/api/studio/lessons', a.superUser.token, { title: 'Unfinished', category: 'Presses' });
    const refused = await savePathLessons(a.superUser.token, a.organizationId, { lesson_ids: [lessonId, draft.body.data.id] });
    expect(refused.status).toBe(404);
    expect(refused.body.error_messages).toContain(`(${draft.body.data.id})`);
    expect((await savePathLessons(a.superUser.token, a.organizationId, { lesson_ids: [lessonId, lessonId] })).status).toBe(400);
    // A team without its own categories follows the organization's path, lessons included.
    const team = await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', a.member.id).executeTakeFirstOrThrow();
    expect((await savePathLessons(a.superUser.token, a.organizationId, { team_id: team.team_id, lesson_ids: [lessonId] })).status).toBe(400);
    // A member, another organization's super user: refused.
    expect((await savePathLessons(a.member.token, a.organizationId, { lesson_ids: [lessonId] })).status).toBe(403);
    expect((await savePathLessons(b.superUser.token, a.organizationId, { lesson_ids: [lessonId] })).status).toBe(403);
    expect((await savePathLessons(b.superUser.token, b.organizationId, { lesson_ids: [lessonId] })).status).toBe(404);
    expect(await platform.ctx.db.selectFrom('learning_path_lessons').select('lesson_id').execute()).toEqual([]);
    const saved = await savePathLessons(a.superUser.token, a.organizationId, { lesson_ids: [lessonId] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.lessons).toEqual([
      { lesson_id: lessonId, title: 'Press 3 energy isolation', category: 'Hydraulics', poster_url: expect.any(String), duration_seconds: 2 },
    ]);
    expect((await pathLessons(a.superUser.token, a.organizationId, { team_id: String(team.team_id) })).body.data.lessons).toHaveLength(1);
  });

  it('members see it in their path; played to 90% it is watched and counts in done, total and percent like a video', async () => {
    const before = await home(a.member.token);
    expect(before.own_lessons).toEqual([expect.objectContaining({ lesson_id: lessonId, watched: false, progress: 0 })]);
    const half = await api('POST', `/api/studio/library/${lessonId}/watch`, a.member.token, { seconds: 1, position: 1 });
    expect(half.body.data).toEqual({ seconds: 1, watched: false });
    expect((await home(a.member.token)).own_lessons[0]).toMatchObject({ watched: false, progress: 50 });
    expect((await api('POST', `/api/studio/library/${lessonId}/watch`, a.member.token, { seconds: 61, position: 2 })).status).toBe(400);
    const done = await api('POST', `/api/studio/library/${lessonId}/watch`, a.member.token, { seconds: 5, position: 2 });
    expect(done.body.data).toEqual({ seconds: 2, watched: true });
    const after = await home(a.member.token);
    expect(after.own_lessons[0]).toMatchObject({ watched: true, progress: 100 });
    expect(after.total).toBe(before.total);
    expect(after.done).toBe(before.done + 1);
    expect(after.percent).toBeGreaterThan(before.percent);
    // Another organization's members never see it in theirs, nor report on it; the guest has no own lessons.
    expect((await home(b.member.token)).own_lessons).toEqual([]);
    expect((await api('POST', `/api/studio/library/${lessonId}/watch`, b.member.token, { seconds: 1, position: 1 })).status).toBe(404);
    expect((await api('POST', `/api/studio/library/${lessonId}/watch`, guest, { seconds: 1, position: 1 })).status).toBe(403);
    expect((await home(guest)).own_lessons).toEqual([]);
  });
});

describe('revisions of a published lesson', () => {
  const streamOf = async (token: string) => (await api('GET', `/api/studio/library/${lessonId}`, token)).body.data.stream_url as string;
  const home = async (token: string) => (await api('GET', '/api/learning_path_home', token)).body.data;
  const revisions = () =>
    platform.ctx.db
      .selectFrom('studio_lesson_revisions')
      .select(['revision', 'requires_retraining', 'summary'])
      .where('lesson_id', '=', lessonId)
      .orderBy('revision')
      .execute();

  it('a new video makes a new revision: the old one plays until the new one is ready; requiring retraining asks the people who completed it to watch again', {
    timeout: 120_000,
  }, async () => {
    expect((await home(a.member.token)).own_lessons[0].watched).toBe(true);
    const before = await streamOf(a.member.token);
    // The author says what changed.
    const noSummary = await createUpload(operator.token, lessonId, otherVideo.length);
    expect(noSummary.status).toBe(400);
    expect((await noSummary.json()).error_messages).toMatch(/Say what changed/);
    const upload = await createUpload(operator.token, lessonId, otherVideo.length, { summary: 'Clamps released in the new order', requires_retraining: '1' });
    expect(upload.status).toBe(201);
    // Uploading: the members still play revision 1, and still count it watched.
    const pending = await api('GET', `/api/studio/lessons/${lessonId}`, operator.token);
    expect(pending.body.data).toMatchObject({
      status: 'published',
      media_state: 'uploading',
      revision: 1,
      pending_revision: { requires_retraining: true, summary: 'Clamps released in the new order' },
    });
    expect(await streamOf(a.member.token)).toBe(before);
    expect((await search(a.member.token, 'accumulator')).body.data.own_lessons.total).toBe(1);
    expect((await home(a.member.token)).own_lessons[0].watched).toBe(true);
    expect((await sendUpload(operator.token, upload.headers.get('location') as string, otherVideo)).status).toBe(204);
    const ready = await settled(operator.token, lessonId);
    expect(ready.error).toBeNull();
    expect(ready).toMatchObject({ status: 'published', media_state: 'ready', revision: 2, pending_revision: null, duration_seconds: 3 });
    const after = await streamOf(a.member.token);
    expect(after).not.toBe(before);
    expect((await fetch(`${platform.url}${after}`)).status).toBe(200);
    expect(await revisions()).toEqual([
      { revision: 1, requires_retraining: 0, summary: 'First published' },
      { revision: 2, requires_retraining: 1, summary: 'Clamps released in the new order' },
    ]);
    // Who had completed it has it to watch again, and is told so; another organization's people are not.
    expect((await home(a.member.token)).own_lessons[0]).toMatchObject({ watched: false, progress: 0 });
    const notices = await platform.ctx.db.selectFrom('notices').select(['user_id', 'message']).where('kind', '=', 'lesson_retrain').execute();
    expect(notices).toEqual([{ user_id: a.member.id, message: expect.stringContaining('Clamps released in the new order') }]);
  });

  it('a revision that fails leaves the live one playing; one without retraining keeps who completed it', { timeout: 120_000 }, async () => {
    const live = await streamOf(a.member.token);
    const corrupt = Buffer.from('not a video at all'.repeat(100));
    const bad = await createUpload(operator.token, lessonId, corrupt.length, { summary: 'Broken file', requires_retraining: '1' });
    expect((await sendUpload(operator.token, bad.headers.get('location') as string, corrupt)).status).toBe(415);
    expect((await api('GET', `/api/studio/lessons/${lessonId}`, operator.token)).body.data).toMatchObject({
      status: 'published',
      media_state: 'failed',
      revision: 2,
    });
    expect(await streamOf(a.member.token)).toBe(live);
    expect(await revisions()).toHaveLength(2);
    // The member watches revision 2; a revision without retraining (the first cut again) keeps it watched.
    expect((await api('POST', `/api/studio/library/${lessonId}/watch`, a.member.token, { seconds: 3, position: 3 })).body.data.watched).toBe(true);
    const upload = await createUpload(operator.token, lessonId, video.length, { summary: 'Title card fixed', requires_retraining: '0' });
    expect((await sendUpload(operator.token, upload.headers.get('location') as string, video)).status).toBe(204);
    expect(await settled(operator.token, lessonId)).toMatchObject({ media_state: 'ready', revision: 3, duration_seconds: 2 });
    expect((await home(a.member.token)).own_lessons[0].watched).toBe(true);
    expect((await revisions()).at(-1)).toEqual({ revision: 3, requires_retraining: 0, summary: 'Title card fixed' });
    // Nobody but the organization's authors makes one.
    for (const token of [a.member.token, b.superUser.token, guest])
      expect((await createUpload(token, lessonId, video.length, { summary: 'x' })).status).toBeGreaterThanOrEqual(403);
  });
});

describe('the studio’s audit log', () => {
  it('records who created, changed, published and revised which lesson when, for the super users only, paged', async () => {
    const log = await platform.api('GET', '/api/studio/audit', { token: a.superUser.token });
    expect(log.status).toBe(200);
    const mine = log.body.data.entries.filter((e: { lesson_id: number }) => e.lesson_id === lessonId);
    // Newest first: the third revision, its upload, the failed one's upload, the second revision, ... the creation.
    expect(mine.map((e: { action: string }) => e.action)).toEqual([
      'revised',
      'edited',
      'edited',
      'revised',
      'edited',
      'captions',
      'captions',
      'captions',
      'published',
      'edited',
      'created',
    ]);
    expect(mine[0]).toMatchObject({ by: 'Olga Quillfeather', title: 'Press 3 energy isolation', detail: 'Revision 3 is live: Title card fixed' });
    expect(mine[3].detail).toBe('Revision 2 is live, requires retraining (1 asked to watch again): Clamps released in the new order');
    expect(mine.at(-1)).toMatchObject({ action: 'created', detail: 'Category: Hydraulics', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(log.body.data).toMatchObject({ page: 1, page_size: 50, total: expect.any(Number) });
    expect(log.body.data.total).toBeGreaterThanOrEqual(mine.length);
    // Page 2 holds what page 1 could not.
    const second = await platform.api('GET', '/api/studio/audit', { token: a.superUser.token, query: { page: '2' } });
    expect(second.body.data.entries).toHaveLength(Math.max(0, log.body.data.total - 50));
    expect((await platform.api('GET', '/api/studio/audit', { token: a.superUser.token, query: { page: '0' } })).status).toBe(400);
    // An author who is not a super user, a member, the guest, a visitor: refused; another organization sees only its own.
    for (const token of [operator.token, a.member.token, guest]) expect((await platform.api('GET', '/api/studio/audit', { token })).status).toBe(403);
    expect((await platform.api('GET', '/api/studio/audit', {})).status).toBe(401);
    const theirs = await platform.api('GET', '/api/studio/audit', { token: b.superUser.token });
    expect(JSON.stringify(theirs.body.data)).not.toContain('Press 3 energy isolation');
  });

  it('is written with the change: a change refused writes no entry', async () => {
    const before = (await platform.api('GET', '/api/studio/audit', { token: a.superUser.token })).body.data.total;
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/captions`, operator.token, { vtt: 'not captions' })).status).toBe(400);
    expect((await api('POST', `/api/studio/lessons/${lessonId}/publish`, operator.token)).status).toBe(409);
    expect((await platform.api('GET', '/api/studio/audit', { token: a.superUser.token })).body.data.total).toBe(before);
  });
});
