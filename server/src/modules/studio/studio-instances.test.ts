import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';

/**
 * Studio uploads beyond one machine (issue 37): with the platform's files in a bucket, a tus upload begun on one app
 * instance is continued on another (offset, parts and metadata in the bucket, the upload's organization and quota in
 * the database), and two instances never write one upload at once (a PostgreSQL advisory lock per upload). On
 * PostgreSQL two instances share one database and one bucket, each with its own empty DATA_DIR; on SQLite (one
 * machine) one instance plays both, on the bucket all the same.
 */
const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
const TUS = { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let s3: TestS3Server;
let drop: () => Promise<void>;
let first: TestPlatform;
let second: TestPlatform;
let org: Awaited<ReturnType<typeof organizationWithMembers>>;
let media: string;
let video: Buffer;

beforeAll(async () => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-studio-instances-'));
  const file = path.join(media, 'lesson.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  video = fs.readFileSync(file);
  s3 = await startS3Server();
  const database = await freshDatabaseUrl();
  drop = database.drop;
  const env = { DATABASE_URL: database.url, STORAGE_URL: s3.storageUrl, STUDIO_MAX_UPLOAD_MB: '3', JOB_POLL_MS: '100' };
  first = await startPlatform(env);
  second = postgres ? await startPlatform(env) : first;
  org = await organizationWithMembers(first, 'Two Halls Works');
}, 120_000);
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
  await drop?.();
  await s3?.close();
  if (media) fs.rmSync(media, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${org.superUser.token}` });

async function newLesson(title: string): Promise<number> {
  const created = await first.api('POST', '/api/studio/lessons', {
    token: org.superUser.token,
    json: { title, category: 'Presses', description: 'Two halls.' },
  });
  expect(created.status).toBe(201);
  return created.body.data.id;
}

/** Creates the tus upload of `bytes` for the lesson on `platform`; answers its URL path. */
async function create(platform: TestPlatform, lessonId: number, bytes: Buffer): Promise<string> {
  const res = await fetch(`${platform.url}/api/studio/uploads`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      ...auth(),
      'upload-length': String(bytes.length),
      'upload-metadata': `lesson_id ${Buffer.from(String(lessonId)).toString('base64')}`,
    },
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}

const patch = (platform: TestPlatform, location: string, offset: number, body: BodyInit) =>
  fetch(`${platform.url}${location}`, {
    method: 'PATCH',
    headers: { ...TUS, ...auth(), 'upload-offset': String(offset) },
    body,
    duplex: 'half',
  } as RequestInit);

async function settled(lessonId: number) {
  for (let i = 0; i < 300; i++) {
    const res = await second.api('GET', `/api/studio/lessons/${lessonId}`, { token: org.superUser.token });
    if (!['uploading', 'processing'].includes(res.body.data.media_state)) return res.body.data;
    await sleep(200);
  }
  throw new Error('the lesson never settled');
}

/** The bucket's objects under studio-uploads/ (s3rver keeps each object as a directory entry). */
async function uploadObjects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const found of first.ctx.storage.list('studio-uploads/')) keys.push(found.key);
  return keys.sort();
}

/** Multipart uploads s3rver holds parts of (begun, neither completed nor aborted). */
const openMultipartUploads = () => {
  const dir = path.join(s3.bucketDir, '._S3rver_uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('a studio upload on a bucket', () => {
  it('begun on one instance, is seen at its offset and finished on the other; the lesson processes and publishes', async () => {
    const lessonId = await newLesson('Press 7 changeover');
    const location = await create(first, lessonId, video);
    const id = location.split('/').at(-1)!;
    const half = Math.floor(video.length / 2);

    const sent = await patch(first, location, 0, new Uint8Array(video.subarray(0, half)));
    expect(sent.status).toBe(204);
    expect(sent.headers.get('upload-offset')).toBe(String(half));

    const head = await fetch(`${second.url}${location}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...auth() } });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(video.length));
    // Nothing of the upload on either instance's disk: it is all in the bucket.
    for (const platform of [first, second]) expect(fs.existsSync(path.join(platform.ctx.config.dataDir, 'studio-uploads', id))).toBe(false);

    const rest = await patch(second, location, half, new Uint8Array(video.subarray(half)));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(video.length));

    expect(await settled(lessonId)).toMatchObject({ media_state: 'ready', progress: 100, error: null });
    expect((await first.api('POST', `/api/studio/lessons/${lessonId}/publish`, { token: org.superUser.token })).status).toBe(200);
    // The whole file is the upload's object, its parts are merged (no multipart upload left open, no incomplete part).
    expect((await first.ctx.storage.read(`studio-uploads/${id}`))?.equals(video)).toBe(true);
    expect(await uploadObjects()).toEqual([`studio-uploads/${id}`, `studio-uploads/${id}.info`]);
    expect(openMultipartUploads()).toEqual([]);
    const asset = await first.ctx.db
      .selectFrom('media_assets')
      .innerJoin('studio_lessons', 'studio_lessons.media_asset_id', 'media_assets.id')
      .select('source_path')
      .where('studio_lessons.id', '=', lessonId)
      .executeTakeFirstOrThrow();
    expect(asset.source_path).toMatch(new RegExp(`^s3://mm-media/studio-uploads/${id}$`));
  }, 120_000);

  it('a corrupt file is refused when complete (probed from the bucket), and its objects are let go', async () => {
    const lessonId = await newLesson('Not a video');
    const junk = Buffer.alloc(4096, 7);
    const location = await create(second, lessonId, junk);
    const id = location.split('/').at(-1)!;
    const res = await patch(first, location, 0, new Uint8Array(junk));
    expect(res.status).toBe(415);
    expect(await settled(lessonId)).toMatchObject({ media_state: 'failed', status: 'draft' });
    expect((await uploadObjects()).filter((key) => key.includes(id))).toEqual([]);
    expect(await first.ctx.db.selectFrom('studio_uploads').select('id').where('id', '=', id).execute()).toEqual([]);
  }, 60_000);

  it.skipIf(!postgres)(
    'two PATCHes of one upload on two instances at once: the second is refused (423), the file is whole',
    async () => {
      const lessonId = await newLesson('Press 8 changeover');
      const location = await create(first, lessonId, video);
      const id = location.split('/').at(-1)!;
      const half = Math.floor(video.length / 2);
      // The first instance's request sends half the file, then stalls (a slow phone) while it holds the upload.
      const slow = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(video.subarray(0, half)));
          await sleep(6000);
          controller.enqueue(new Uint8Array(video.subarray(half)));
          controller.close();
        },
      });
      const writing = patch(first, location, 0, slow);
      await sleep(1000);
      const other = await patch(second, location, 0, new Uint8Array(video));
      expect(other.status).toBe(423);
      expect((await other.json()).error_messages).toMatch(/Another request is writing this upload/);
      const done = await writing;
      expect(done.status).toBe(204);
      expect(done.headers.get('upload-offset')).toBe(String(video.length));
      // Sent again once free, at the same offset: the upload is complete, the offset no longer matches (409), nothing written.
      expect((await patch(second, location, 0, new Uint8Array(video))).status).toBe(409);
      expect(await settled(lessonId)).toMatchObject({ media_state: 'ready', error: null });
      expect((await first.ctx.storage.read(`studio-uploads/${id}`))?.equals(video)).toBe(true);
      expect(openMultipartUploads()).toEqual([]);
    },
    120_000,
  );
});
