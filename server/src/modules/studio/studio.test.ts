import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';
import { processStudioUpload } from './studio-processing.ts';
import { expireAbandonedUploads } from './studio-uploads.ts';

/**
 * The studio over real HTTP: who may author, tus uploads that resume from their offset, refusals before any
 * transcoding, processing in the background, and publication to the organization's own members only.
 */
let platform: TestPlatform;
let a: Awaited<ReturnType<typeof organizationWithMembers>>;
let b: Awaited<ReturnType<typeof organizationWithMembers>>;
let author: { id: number; token: string };
let guest: string;
let media: string;
let video: Buffer;
let longVideo: Buffer;

const TUS = { 'tus-resumable': '1.0.0' };

function makeVideo(file: string, seconds: number): Buffer {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=160x90:rate=10:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', '-shortest', file],
  ]);
  return fs.readFileSync(file);
}

beforeAll(async () => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-studio-'));
  video = makeVideo(path.join(media, 'lesson.mp4'), 2);
  longVideo = makeVideo(path.join(media, 'long.mp4'), 4);
  platform = await startPlatform({ STUDIO_MAX_SECONDS: '3', STUDIO_MAX_UPLOAD_MB: '3', STUDIO_QUOTA_MB: '5', JOB_POLL_MS: '100' });
  a = await organizationWithMembers(platform, 'Press Works');
  b = await organizationWithMembers(platform, 'Rival Plant');
  const email = uniqueEmail('author');
  const id = await addMember(platform.ctx, a.organizationId, {
    email,
    password: STRONG_PASSWORD,
    name: 'Ava',
    lastName: 'Author',
    team: 'Assembly',
    role: 'Engineer',
  });
  author = { id, token: await signIn(platform, email) };
  guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
});
afterAll(async () => {
  await platform?.close();
  if (media) fs.rmSync(media, { recursive: true, force: true });
});

const api = (method: string, p: string, token: string | undefined, json?: unknown) => platform.api(method, p, { token, json });

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

async function createUpload(token: string | undefined, lessonId: number, length: number) {
  const headers: Record<string, string> = {
    ...TUS,
    'upload-length': String(length),
    'upload-metadata': metadata({ lesson_id: String(lessonId), filename: 'lesson.mp4' }),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${platform.url}/api/studio/uploads`, { method: 'POST', headers });
  return res;
}

async function patch(token: string | undefined, location: string, offset: number, bytes: Buffer) {
  const headers: Record<string, string> = { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${platform.url}${location}`, { method: 'PATCH', headers, body: new Uint8Array(bytes) });
}

async function head(token: string | undefined, location: string) {
  const headers: Record<string, string> = { ...TUS };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${platform.url}${location}`, { method: 'HEAD', headers });
}

async function newLesson(token: string, title: string) {
  const res = await api('POST', '/api/studio/lessons', token, { title, category: 'Press changeover', description: 'How line 3 changes over its die.' });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

async function uploadWhole(token: string, lessonId: number, bytes: Buffer) {
  const created = await createUpload(token, lessonId, bytes.length);
  expect(created.status).toBe(201);
  const location = created.headers.get('location') as string;
  return { location, finish: await patch(token, location, 0, bytes) };
}

async function waitForMedia(lessonId: number, token = author.token) {
  for (let i = 0; i < 300; i++) {
    const res = await api('GET', `/api/studio/lessons/${lessonId}`, token);
    if (!['processing', 'uploading'].includes(res.body.data.media_state)) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the lesson never finished processing');
}

/** Everything the studio keeps, to prove a refused call changed nothing. */
async function studioState(): Promise<string> {
  const db = platform.ctx.db;
  const rows = await Promise.all([
    db.selectFrom('studio_authors').selectAll().orderBy('user_id').execute(),
    db.selectFrom('studio_lessons').selectAll().orderBy('id').execute(),
    db.selectFrom('studio_uploads').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify(rows);
}

describe('who authors', () => {
  it('a super user makes a member an author; an author and a super user create lessons, a plain member cannot', async () => {
    expect((await api('POST', '/api/studio/lessons', author.token, { title: 'x', category: 'y' })).status).toBe(403);
    const set = await api('PUT', `/api/studio/authors/${author.id}`, a.superUser.token, { author: true });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ user_id: author.id, author: true });
    expect((await api('GET', '/api/studio/lessons', author.token)).status).toBe(200);
    await newLesson(author.token, 'Die change on press 3');
    await newLesson(a.superUser.token, 'Lockout of line 2');
    expect((await api('GET', '/api/studio/lessons', a.member.token)).status).toBe(403);
    // Another organization's super user cannot make anyone of A an author, nor an author of B someone of A.
    expect((await api('PUT', `/api/studio/authors/${a.member.id}`, b.superUser.token, { author: true })).status).toBe(404);
    expect((await api('PUT', `/api/studio/authors/${a.member.id}`, author.token, { author: true })).status).toBe(403);
  });
});

describe('refusals', () => {
  it('member, guest, anonymous and other-organization callers are refused every studio call, with nothing changed', async () => {
    const lessonId = await newLesson(author.token, 'Refusal target');
    const created = await createUpload(author.token, lessonId, video.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    const before = await studioState();
    const callers: [string, string | undefined][] = [
      ['anonymous', undefined],
      ['guest', guest],
      ['member of A', a.member.token],
      ['member of B', b.member.token],
      ['super user of B', b.superUser.token],
    ];
    for (const [who, token] of callers) {
      const answers = [
        (await api('GET', '/api/studio/lessons', token)).status,
        (await api('POST', '/api/studio/lessons', token, { title: 'Intruder', category: 'x' })).status,
        (await api('GET', `/api/studio/lessons/${lessonId}`, token)).status,
        (await api('POST', `/api/studio/lessons/${lessonId}/publish`, token)).status,
        (await api('PUT', `/api/studio/authors/${a.member.id}`, token, { author: true })).status,
        (await createUpload(token, lessonId, video.length)).status,
        (await head(token, location)).status,
        (await patch(token, location, 0, video)).status,
      ];
      const expected = token === undefined ? 401 : who === 'super user of B' ? [403, 404] : [403, 404];
      for (const [i, status] of answers.entries()) {
        if (token === undefined || who === 'super user of B') {
          // B's super user may use the studio of B: the list and a new lesson are B's own, so those two answer 2xx.
          if (who === 'super user of B' && i < 2) continue;
          expect({ who, call: i, status }).toEqual({ who, call: i, status: token === undefined ? 401 : expect.toBeOneOf(expected as number[]) });
        } else {
          expect({ who, call: i, status }).toEqual({ who, call: i, status: expect.toBeOneOf([403, 404]) });
        }
      }
    }
    // B's own lesson aside, the studio's rows are as they were.
    await platform.ctx.db.deleteFrom('studio_lessons').where('organization_id', '=', b.organizationId).execute();
    expect(await studioState()).toBe(before);
    const offset = await head(author.token, location);
    expect(offset.headers.get('upload-offset')).toBe('0');
  });
});

describe('upload, processing, publication', () => {
  let lessonId: number;

  it('resumes an interrupted upload from its offset, then processes it in the background', async () => {
    lessonId = await newLesson(author.token, 'Die change clamp torque');
    const created = await createUpload(author.token, lessonId, video.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    expect(location).toMatch(/^\/api\/studio\/uploads\/[0-9a-f]{32}$/);
    const half = Math.floor(video.length / 2);
    const first = await patch(author.token, location, 0, video.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    // The connection is gone; the client asks where to resume.
    const offset = await head(author.token, location);
    expect(offset.status).toBe(200);
    expect(offset.headers.get('upload-offset')).toBe(String(half));
    expect(offset.headers.get('upload-length')).toBe(String(video.length));
    expect((await api('GET', `/api/studio/lessons/${lessonId}`, author.token)).body.data.media_state).toBe('uploading');
    // A wrong offset is refused (tus: 409), the right one completes it.
    expect((await patch(author.token, location, 0, video.subarray(half))).status).toBe(409);
    const rest = await patch(author.token, location, half, video.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(video.length));
    const lesson = await waitForMedia(lessonId);
    expect(lesson).toMatchObject({ media_state: 'ready', progress: 100, error: null, status: 'draft' });
    expect(lesson.duration_seconds).toBeGreaterThan(1.5);
    expect(lesson.poster_url).toMatch(/poster\.jpg/);
    const poster = await fetch(`${platform.url}${lesson.poster_url}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toContain('image/jpeg');
  });

  it('a draft is seen by no member; publishing shows it to the organization members only, who play it', async () => {
    expect((await api('GET', '/api/studio/library', a.member.token)).body.data.lessons).toEqual([]);
    expect((await api('GET', `/api/studio/library/${lessonId}`, a.member.token)).status).toBe(404);

    const published = await api('POST', `/api/studio/lessons/${lessonId}/publish`, author.token);
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');
    expect((await api('POST', `/api/studio/lessons/${lessonId}/publish`, author.token)).status).toBe(409);

    const library = await api('GET', '/api/studio/library', a.member.token);
    expect(library.body.data.lessons.map((l: { title: string }) => l.title)).toEqual(['Die change clamp torque']);
    const found = await platform.api('GET', '/api/studio/library', { token: a.member.token, query: { q: 'CLAMP changeover' } });
    expect(found.body.data.lessons).toHaveLength(1);
    const missed = await platform.api('GET', '/api/studio/library', { token: a.member.token, query: { q: 'clamp forklift' } });
    expect(missed.body.data.lessons).toHaveLength(0);
    const one = await api('GET', `/api/studio/library/${lessonId}`, a.member.token);
    expect(one.status).toBe(200);
    const playlist = await fetch(`${platform.url}${one.body.data.stream_url}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXT-X-STREAM-INF');

    // Another organization, the guest and the public never see it.
    expect((await api('GET', '/api/studio/library', b.member.token)).body.data.lessons).toEqual([]);
    expect((await api('GET', `/api/studio/library/${lessonId}`, b.member.token)).status).toBe(404);
    expect((await api('GET', `/api/studio/library/${lessonId}`, b.superUser.token)).status).toBe(404);
    expect((await api('GET', '/api/studio/library', guest)).status).toBe(403);
    expect((await api('GET', '/api/studio/library', undefined)).status).toBe(401);
    const search = await platform.api('GET', '/api/search', { token: b.member.token, query: { q: 'clamp' } });
    expect(JSON.stringify(search.body)).not.toContain('Die change clamp torque');
  });

  it('a corrupt upload (bytes no container starts with, named .mp4, in one PATCH larger than the JSON body limit) is refused with a reason and leaves no lesson published', async () => {
    const corruptId = await newLesson(author.token, 'Corrupt upload');
    // Zeros, not random bytes: ffprobe now and then reads random bytes as an audio stream (422 "no video stream").
    const { finish } = await uploadWhole(author.token, corruptId, Buffer.alloc(1_500_000));
    expect(finish.status).toBe(415);
    expect((await finish.json()).error_messages).toMatch(/is not a video/);
    const lesson = (await api('GET', `/api/studio/lessons/${corruptId}`, author.token)).body.data;
    expect(lesson).toMatchObject({ media_state: 'failed', status: 'draft' });
    expect(lesson.error).toMatch(/is not a video/);
    expect((await api('POST', `/api/studio/lessons/${corruptId}/publish`, author.token)).status).toBe(409);
    expect((await api('GET', `/api/studio/library/${corruptId}`, a.member.token)).status).toBe(404);
    // Its bytes no longer count against the quota.
    expect(await platform.ctx.db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', corruptId).execute()).toEqual([]);
  });

  it('a video longer than the limit is refused before any transcoding', async () => {
    const longId = await newLesson(author.token, 'Too long');
    const { finish } = await uploadWhole(author.token, longId, longVideo);
    expect(finish.status).toBe(422);
    expect((await finish.json()).error_messages).toMatch(/too long/);
    expect((await api('GET', `/api/studio/lessons/${longId}`, author.token)).body.data).toMatchObject({ media_state: 'failed', status: 'draft' });
  });

  it('a file over the size cap or over the organization quota is refused at creation', async () => {
    const id = await newLesson(author.token, 'Big ones');
    const tooLarge = await createUpload(author.token, id, 3_700_000);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error_messages).toMatch(/too large/);
    // An upload under way counts in full: two of 3 MB pass the 5 MB quota.
    expect((await createUpload(author.token, id, 3_000_000)).status).toBe(201);
    const over = await createUpload(author.token, await newLesson(author.token, 'Another'), 3_000_000);
    expect(over.status).toBe(413);
    expect((await over.json()).error_messages).toMatch(/storage is full/);
    const listed = await api('GET', '/api/studio/lessons', author.token);
    expect(listed.body.data.storage.used_bytes).toBeGreaterThan(3_000_000);
    expect(listed.body.data.storage.quota_bytes).toBe(5 * 1024 * 1024);
  });

  it('lets an upload abandoned past the expiry go: its bytes stop counting, its file is gone, the lesson says why', async () => {
    const abandoned = await platform.ctx.db
      .selectFrom('studio_uploads')
      .innerJoin('studio_lessons', 'studio_lessons.id', 'studio_uploads.lesson_id')
      .select(['studio_uploads.id', 'studio_uploads.lesson_id'])
      .where('studio_lessons.title', '=', 'Big ones')
      .executeTakeFirstOrThrow();
    const dayAndHour = 25 * 3_600_000;
    await platform.ctx.db
      .updateTable('studio_uploads')
      .set({ created_at: Date.now() - dayAndHour })
      .where('id', '=', abandoned.id)
      .execute();
    // One begun now stays; the tus answer says until when (Upload-Expires) and carries the platform's security headers.
    const freshLesson = await newLesson(author.token, 'Fresh one');
    const fresh = await createUpload(author.token, freshLesson, 1_000_000);
    expect(fresh.status).toBe(201);
    expect(Date.parse(fresh.headers.get('upload-expires') ?? '')).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(fresh.headers.get('x-content-type-options')).toBe('nosniff');
    const file = path.join(platform.ctx.config.dataDir, 'studio-uploads', abandoned.id);
    expect(fs.existsSync(file)).toBe(true);
    const usedBefore = (await api('GET', '/api/studio/lessons', author.token)).body.data.storage.used_bytes;

    expect(await expireAbandonedUploads(platform.ctx, Date.now())).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
    const lesson = (await api('GET', `/api/studio/lessons/${abandoned.lesson_id}`, author.token)).body.data;
    expect(lesson).toMatchObject({ media_state: 'failed', status: 'draft' });
    expect(lesson.error).toMatch(/not finished in time/);
    expect((await api('GET', `/api/studio/lessons/${freshLesson}`, author.token)).body.data.media_state).toBe('uploading');
    const listed = await api('GET', '/api/studio/lessons', author.token);
    expect(listed.body.data.storage.used_bytes).toBe(usedBefore - 3_000_000);
    // The room it held is free again: the 3 MB upload refused before now fits.
    expect((await createUpload(author.token, abandoned.lesson_id, 3_000_000)).status).toBe(201);
  });
});

describe('a failed processing job', () => {
  it('says why in words and leaves the lesson an unpublishable draft', async () => {
    const lessonId = await newLesson(author.token, 'Source lost');
    // The job finds no source (a disk emptied between the upload and the job): it fails with its reason.
    await platform.ctx.db.updateTable('studio_lessons').set({ media_state: 'processing' }).where('id', '=', lessonId).execute();
    await processStudioUpload(platform.ctx, { lessonId, uploadId: '0'.repeat(32) });
    const lesson = (await api('GET', `/api/studio/lessons/${lessonId}`, author.token)).body.data;
    expect(lesson).toMatchObject({ media_state: 'failed', status: 'draft', poster_url: null });
    expect(lesson.error).toMatch(/^The video could not be processed: the file is not a video \(ffprobe: .*No such file/);
    expect((await api('POST', `/api/studio/lessons/${lessonId}/publish`, author.token)).status).toBe(409);
    expect((await api('GET', '/api/studio/library', a.member.token)).body.data.lessons.map((l: { id: number }) => l.id)).not.toContain(lessonId);
  });
});
