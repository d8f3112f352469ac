import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';

/**
 * Issue 37's trust fix: an own lesson's media URLs, handed out while it was published, stop at once when an author
 * unpublishes or deletes it (not hours later when they expire), on every instance: here two app instances on one
 * database and store, the URLs served by one, the lesson taken back through the other.
 */
let served: TestPlatform;
let other: TestPlatform;
let org: Awaited<ReturnType<typeof organizationWithMembers>>;
let dir: string;
let video: Buffer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-studio-media-'));
  const file = path.join(dir, 'v.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  video = fs.readFileSync(file);
  served = await startPlatform({ JOB_POLL_MS: '100' });
  // The second instance: the same database and data directory, its own kept rows and change listener.
  other = await startPlatform({ DATABASE_URL: served.ctx.config.databaseUrl, DATA_DIR: served.ctx.config.dataDir, JOB_POLL_MS: '100' });
  org = await organizationWithMembers(served, 'Media Gate Works');
}, 180_000);
afterAll(async () => {
  await other?.close();
  await served?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const api = (method: string, p: string, token: string, json?: unknown) => served.api(method, p, { token, json });
const status = async (url: string) => (await fetch(`${served.url}${url}`)).status;

async function publishedLesson(title: string): Promise<number> {
  const token = org.superUser.token;
  const id = (await api('POST', '/api/studio/lessons', token, { title, category: 'Presses', description: '' })).body.data.id as number;
  const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nLock out the press.\n';
  expect((await api('PUT', `/api/studio/lessons/${id}/captions`, token, { vtt, lang: 'en' })).status).toBe(200);
  const created = await fetch(`${served.url}/api/studio/uploads`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${token}`,
      'upload-length': String(video.length),
      'upload-metadata': `lesson_id ${Buffer.from(String(id)).toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const sent = await fetch(`${served.url}${created.headers.get('location')}`, {
    method: 'PATCH',
    headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(video),
  });
  expect(sent.status).toBe(204);
  for (let i = 0; i < 300 && (await api('GET', `/api/studio/lessons/${id}`, token)).body.data.media_state !== 'ready'; i++)
    await new Promise((r) => setTimeout(r, 200));
  expect((await api('POST', `/api/studio/lessons/${id}/publish`, token)).status).toBe(200);
  return id;
}

/** What a member's player holds: the playlist, a segment of its first rendition, the poster and the captions. */
async function memberUrls(lessonId: number) {
  const lesson = (await api('GET', `/api/studio/library/${lessonId}`, org.member.token)).body.data;
  const base = (lesson.stream_url as string).replace(/[^/]+$/, '');
  const master = await (await fetch(`${served.url}${lesson.stream_url}`)).text();
  const variant = master.split('\n').find((line) => line && !line.startsWith('#')) as string;
  const playlist = await (await fetch(`${served.url}${base}${variant}`)).text();
  const segment = playlist.split('\n').find((line) => line && !line.startsWith('#')) as string;
  return {
    playlist: lesson.stream_url as string,
    segment: `${base}${variant.replace(/[^/]+$/, '')}${segment}`,
    poster: lesson.poster_url as string,
    captions: lesson.captions[0].url as string,
  };
}

it('a segment URL taken before unpublishing is refused after it, on the other instance too; published again, new URLs play', { timeout: 180_000 }, async () => {
  const lessonId = await publishedLesson('Press 4 lockout');
  const urls = await memberUrls(lessonId);
  // Served (and the lesson's state kept) by this instance before the change.
  for (const url of Object.values(urls)) expect(await status(url)).toBe(200);

  expect((await other.api('POST', `/api/studio/lessons/${lessonId}/unpublish`, { token: org.superUser.token })).status).toBe(200);
  for (const url of Object.values(urls)) expect(await status(url)).toBe(403);
  const refused = await (await fetch(`${served.url}${urls.segment}`)).json();
  expect(refused.error_messages).toMatch(/no longer available/);
  // The studio still shows its authors the poster of their unpublished lesson.
  const studioPoster = (await api('GET', `/api/studio/lessons/${lessonId}`, org.superUser.token)).body.data.poster_url as string;
  expect(await status(studioPoster)).toBe(200);

  expect((await other.api('POST', `/api/studio/lessons/${lessonId}/publish`, { token: org.superUser.token })).status).toBe(200);
  expect(await status((await memberUrls(lessonId)).segment)).toBe(200);
});

it('a deleted lesson: its members’ and its authors’ URLs are refused at once', { timeout: 180_000 }, async () => {
  const lessonId = await publishedLesson('Press 5 lockout');
  const urls = await memberUrls(lessonId);
  const studioPoster = (await api('GET', `/api/studio/lessons/${lessonId}`, org.superUser.token)).body.data.poster_url as string;
  for (const url of [...Object.values(urls), studioPoster]) expect(await status(url)).toBe(200);

  expect((await other.api('DELETE', `/api/studio/lessons/${lessonId}`, { token: org.superUser.token })).status).toBe(200);
  for (const url of [...Object.values(urls), studioPoster]) expect(await status(url)).toBe(403);
});

it('a grant cannot be added to, changed on or taken off a signed URL', { timeout: 180_000 }, async () => {
  const lessonId = await publishedLesson('Press 6 lockout');
  const { segment } = await memberUrls(lessonId);
  const [, , first, ...rest] = segment.split('/');
  const seconds = (first as string).split('.')[0];
  for (const forged of [seconds, `${seconds}.lesson-${lessonId}-author`, `${seconds}.lesson-${lessonId + 1}`])
    expect(await status(['', 'media', forged, ...rest].join('/'))).toBe(403);
});
