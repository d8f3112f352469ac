import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { STUDIO_QUEUE, STUDIO_SCRIPT_QUEUE } from '../studio/index.ts';
import { LESSONS_JSON } from './lessons-file.schema.ts';
import { exportOwnLessons, importOwnLessons, LessonsImportError } from './own-lessons.ts';

/**
 * An organization's own lessons out and back in (issue 37): `export-catalog <dir> --organization <id>` and
 * `import-lessons <dir>/lessons.json --organization <id>`. Back into the same organization nothing changes (rows,
 * jobs, audit log); into another the lessons are created there only, processed by the studio's own job, with an
 * audit entry; a broken file is refused with every problem listed and nothing written.
 */

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../../..');
const TUS = { 'tus-resumable': '1.0.0' };
const CAPTIONS = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nLock out the press.\n\n00:00:01.000 --> 00:00:02.000\nTry the start button.\n';
const SPANISH = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nBloquea la prensa.\n';

let platform: TestPlatform;
let a: Awaited<ReturnType<typeof organizationWithMembers>>;
let b: Awaited<ReturnType<typeof organizationWithMembers>>;
let c: Awaited<ReturnType<typeof organizationWithMembers>>;
let media: string;
const made: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mm-lessons-${name}-`));
  made.push(dir);
  return dir;
};
const newExportDir = () => path.join(tempDir('out'), 'export');

const api = (method: string, p: string, token: string, json?: unknown) => platform.api(method, p, { token, json });

/** The tables the studio writes, and the assets its processing records: every row, every column. */
const STUDIO_TABLES = [
  'studio_lessons',
  'studio_lesson_tracks',
  'studio_lesson_cues',
  'studio_lesson_scripts',
  'studio_lesson_versions',
  'studio_lesson_revisions',
  'studio_script_photos',
  'studio_uploads',
  'studio_audit',
  'media_assets',
] as const;
async function snapshot() {
  const tables: Record<string, string[]> = {};
  for (const table of STUDIO_TABLES) tables[table] = (await platform.ctx.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
  return tables;
}
const studioJobs = async () => JSON.stringify((await platform.ctx.jobs.stats()).filter((q) => [STUDIO_QUEUE, STUDIO_SCRIPT_QUEUE].includes(q.name)));

/** Polls the studio's lesson until its video is no longer uploading or processing. */
async function settled(token: string, id: number, on: TestPlatform = platform) {
  for (let i = 0; i < 300; i++) {
    const res = await on.api('GET', `/api/studio/lessons/${id}`, { token });
    if (!['uploading', 'processing'].includes(res.body.data.media_state)) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the lesson never settled');
}

/** A lesson of org a as an author makes it: created, its video uploaded and processed, captions in two languages, published. */
async function publishedLesson(token: string, video: Buffer, on: TestPlatform = platform): Promise<number> {
  const api = (method: string, p: string, token: string, json?: unknown) => on.api(method, p, { token, json });
  const created = await api('POST', '/api/studio/lessons', token, { title: 'Press 4 lockout', category: 'Presses', description: 'Before any work.' });
  const id = created.body.data.id as number;
  const upload = await fetch(`${on.url}/api/studio/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      authorization: `Bearer ${token}`,
      'upload-length': String(video.length),
      'upload-metadata': `lesson_id ${Buffer.from(String(id)).toString('base64')}`,
    },
  });
  expect(upload.status).toBe(201);
  const finish = await fetch(`${on.url}${upload.headers.get('location')}`, {
    method: 'PATCH',
    headers: { ...TUS, authorization: `Bearer ${token}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(video),
  });
  expect(finish.status).toBe(204);
  expect((await settled(token, id, on)).media_state).toBe('ready');
  expect((await api('PUT', `/api/studio/lessons/${id}/captions`, token, { vtt: CAPTIONS, lang: 'en' })).status).toBe(200);
  expect((await api('PUT', `/api/studio/lessons/${id}/captions`, token, { vtt: SPANISH, lang: 'es' })).status).toBe(200);
  expect((await api('POST', `/api/studio/lessons/${id}/publish`, token)).status).toBe(200);
  return id;
}

const titlesOf = async (token: string) =>
  ((await platform.api('GET', '/api/studio/lessons', { token, query: { sort: 'oldest' } })).body.data.lessons as { title: string }[]).map((l) => l.title);

beforeAll(async () => {
  media = tempDir('media');
  const file = path.join(media, 'lesson.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  platform = await startPlatform({ JOB_POLL_MS: '100' });
  a = await organizationWithMembers(platform, 'Press Works');
  b = await organizationWithMembers(platform, 'Sister Plant');
  c = await organizationWithMembers(platform, 'Rival Plant');
  await publishedLesson(a.superUser.token, fs.readFileSync(file));
  // A draft without a video yet, with English captions.
  const draft = await api('POST', '/api/studio/lessons', a.superUser.token, { title: 'Guard checks', category: 'Safety', description: '' });
  expect((await api('PUT', `/api/studio/lessons/${draft.body.data.id}/captions`, a.superUser.token, { vtt: CAPTIONS })).status).toBe(200);
}, 180_000);
afterAll(async () => {
  await platform?.close();
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe('export-catalog --organization and import-lessons', () => {
  it('exports the lessons with their video, poster and captions; imported back into the same organization nothing changes', async () => {
    const out = newExportDir();
    expect(await exportOwnLessons(platform.ctx, out, a.organizationId)).toEqual({ lessons: 2, files: 5 });
    const files = (fs.readdirSync(out, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(out, f)).isFile()).sort();
    expect(files.map((f) => f.split('/')[0])).toEqual(['captions', 'captions', LESSONS_JSON, 'media', 'posters'].sort());
    const exported = JSON.parse(fs.readFileSync(path.join(out, LESSONS_JSON), 'utf8'));
    expect(exported).toMatchObject({ format: 'organization-lessons', version: 1, organization: { id: a.organizationId, name: 'Press Works' } });
    expect(exported.lessons[0]).toMatchObject({
      title: 'Press 4 lockout',
      category: 'Presses',
      status: 'published',
      video: expect.stringMatching(/^media\/[0-9a-f]{16}$/),
      poster: expect.stringMatching(/^posters\/[0-9a-f]{16}\.jpg$/),
      script: null,
      versions: [],
    });
    expect(exported.lessons[0].captions.map((t: { lang: string; origin: string }) => [t.lang, t.origin])).toEqual([
      ['en', 'author'],
      ['es', 'author'],
    ]);
    // The video is the uploaded file, byte for byte.
    expect(fs.readFileSync(path.join(out, exported.lessons[0].video))).toEqual(fs.readFileSync(path.join(media, 'lesson.mp4')));
    expect(exported.lessons[1]).toMatchObject({ title: 'Guard checks', status: 'draft', video: null, poster: null });
    // The draft's English track is the published lesson's: one file for both.
    expect(exported.lessons[1].captions[0].file).toBe(exported.lessons[0].captions[0].file);

    const before = await snapshot();
    const jobs = await studioJobs();
    expect(await importOwnLessons(platform.ctx, path.join(out, LESSONS_JSON), a.organizationId)).toEqual({ created: 0, updated: 0, unchanged: 2, queued: 0 });
    expect(await snapshot()).toEqual(before);
    expect(await studioJobs()).toBe(jobs);
  }, 60_000);

  it('into another organization: the lessons are created there only, as drafts processed by the studio job, with audit entries; again, nothing changes', async () => {
    const out = newExportDir();
    await exportOwnLessons(platform.ctx, out, a.organizationId);
    const ofA = await titlesOf(a.superUser.token);
    const summary = await importOwnLessons(platform.ctx, path.join(out, LESSONS_JSON), b.organizationId);
    expect(summary).toEqual({ created: 2, updated: 0, unchanged: 0, queued: 1 });
    expect(await titlesOf(b.superUser.token)).toEqual(['Press 4 lockout', 'Guard checks']);
    expect(await titlesOf(a.superUser.token)).toEqual(ofA);
    expect(await titlesOf(c.superUser.token)).toEqual([]);
    const [imported, draft] = (await platform.api('GET', '/api/studio/lessons', { token: b.superUser.token, query: { sort: 'oldest' } })).body.data.lessons;
    // Drafts of b (its members see nothing until an author publishes them); the video goes through the studio's processing.
    expect(await settled(b.superUser.token, imported.id)).toMatchObject({ status: 'draft', media_state: 'ready', caption_cues: 2 });
    expect(draft).toMatchObject({ status: 'draft', media_state: 'none', caption_cues: 2 });
    expect((await platform.api('GET', '/api/studio/library', { token: b.member.token })).body.data.total).toBe(0);
    const captions = await platform.api('GET', `/api/studio/lessons/${imported.id}/captions`, { token: b.superUser.token, query: { lang: 'es' } });
    expect(captions.body.data).toMatchObject({ origin: 'author', cues: [{ start_ms: 0, end_ms: 1000, text: 'Bloquea la prensa.' }] });
    // The same stored tracks (content-addressed): a machine draft's source hash still names its English track.
    const hashes = (lessonId: number) =>
      platform.ctx.db.selectFrom('studio_lesson_tracks').select(['lang', 'hash']).where('lesson_id', '=', lessonId).orderBy('lang').execute();
    const [original] = (await platform.api('GET', '/api/studio/lessons', { token: a.superUser.token, query: { sort: 'oldest' } })).body.data.lessons;
    expect(await hashes(imported.id)).toEqual(await hashes(original.id));
    const audit = (await platform.api('GET', '/api/studio/audit', { token: b.superUser.token })).body.data.entries;
    expect(audit.map((e: { action: string; detail: string }) => [e.action, e.detail])).toEqual([
      ['created', 'Imported from lessons.json (no video, 1 caption track); category: Safety'],
      ['created', 'Imported from lessons.json (video queued for processing, 2 caption tracks); category: Presses'],
    ]);
    // Neither a's nor c's audit log heard of it.
    for (const other of [a, c])
      expect(
        ((await platform.api('GET', '/api/studio/audit', { token: other.superUser.token })).body.data.entries as { detail: string }[]).some((e) =>
          e.detail.startsWith('Imported'),
        ),
      ).toBe(false);

    // The same file again finds b's lessons by title and category: nothing changes.
    const before = await snapshot();
    const jobs = await studioJobs();
    expect(await importOwnLessons(platform.ctx, path.join(out, LESSONS_JSON), b.organizationId)).toMatchObject({ created: 0, unchanged: 2 });
    expect(await snapshot()).toEqual(before);
    expect(await studioJobs()).toBe(jobs);
  }, 120_000);

  it('a lesson from a script brings its steps, photo and narrated version; a changed description is the one thing written back', async () => {
    const out = newExportDir();
    await exportOwnLessons(platform.ctx, out, a.organizationId);
    const file = path.join(out, LESSONS_JSON);
    const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.mkdirSync(path.join(out, 'photos'));
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=64x64',
      '-frames:v',
      '1',
      path.join(out, 'photos/step.jpg'),
    ]);
    const steps = ['Stop the press.', 'Lock the main switch.', 'Try the start button.'];
    exported.lessons.push({
      ...exported.lessons[1],
      id: 999_999,
      title: 'Lockout in three steps',
      captions: [],
      script: steps.map((text, i) => ({ text, photo: i === 1 ? 'photos/step.jpg' : null })),
      versions: [
        {
          lang: 'es',
          title: 'Bloqueo en tres pasos',
          description: '',
          steps: ['Para la prensa.', 'Bloquea el interruptor.', 'Prueba el arranque.'],
          origin: 'machine',
        },
      ],
    });
    exported.lessons[1].description = 'Every shift.';
    fs.writeFileSync(file, JSON.stringify(exported));
    const jobs = await studioJobs();
    expect(await importOwnLessons(platform.ctx, file, a.organizationId)).toEqual({ created: 1, updated: 1, unchanged: 1, queued: 0 });
    // No video: no job.
    expect(await studioJobs()).toBe(jobs);
    const lessons = (await platform.api('GET', '/api/studio/lessons', { token: a.superUser.token, query: { sort: 'oldest' } })).body.data.lessons;
    expect(lessons.map((l: { title: string; description: string }) => [l.title, l.description])).toEqual([
      ['Press 4 lockout', 'Before any work.'],
      ['Guard checks', 'Every shift.'],
      ['Lockout in three steps', ''],
    ]);
    const scripted = lessons[2];
    expect(scripted).toMatchObject({ from_script: true, media_state: 'none', status: 'draft' });
    const script = (await platform.api('GET', `/api/studio/lessons/${scripted.id}/script`, { token: a.superUser.token })).body.data.script;
    expect(script.steps.map((step: { text: string }) => step.text)).toEqual(steps);
    expect(script.steps[1].photo_url).toMatch(new RegExp(`/uploads/studio-photos/${a.organizationId}/[0-9a-f]{32}\\.jpg$`));
    const photo = await platform.ctx.db.selectFrom('studio_script_photos').selectAll().where('organization_id', '=', a.organizationId).execute();
    expect(photo.map((p) => Number(p.size))).toEqual([fs.statSync(path.join(out, 'photos/step.jpg')).size]);
    const version = await platform.ctx.db.selectFrom('studio_lesson_versions').selectAll().where('lesson_id', '=', scripted.id).executeTakeFirstOrThrow();
    expect(version).toMatchObject({ lang: 'es', title: 'Bloqueo en tres pasos', origin: 'machine', media_state: 'failed', media_asset_id: null });
    const audit = (await platform.api('GET', '/api/studio/audit', { token: a.superUser.token })).body.data.entries;
    expect(audit.slice(0, 2).map((e: { action: string; detail: string }) => [e.action, e.detail])).toEqual([
      ['created', 'Imported from lessons.json (no video, 0 caption tracks, script of 3 steps); category: Safety'],
      ['edited', 'Details imported from lessons.json'],
    ]);
  }, 60_000);

  it('a broken file is refused with every problem listed, and nothing is written', async () => {
    const out = newExportDir();
    await exportOwnLessons(platform.ctx, out, a.organizationId);
    const file = path.join(out, LESSONS_JSON);
    const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
    const [lesson] = exported.lessons;
    fs.writeFileSync(path.join(out, lesson.video), 'not a video');
    fs.rmSync(path.join(out, lesson.captions[1].file));
    const before = await snapshot();
    const jobs = await studioJobs();
    const error = await importOwnLessons(platform.ctx, file, c.organizationId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LessonsImportError);
    const [video, caption, ...others] = (error as LessonsImportError).problems;
    expect(video).toMatch(/^lessons\[0\] \("Press 4 lockout"\)\.video: the file /);
    expect(caption).toBe(`lessons[0] ("Press 4 lockout").captions[1]: ${lesson.captions[1].file} is not beside the file`);
    expect(others).toEqual([]);

    // The file's own mistakes: each named by its place.
    exported.lessons[1].title = '';
    exported.lessons[1].captions[0].lang = 'not a language';
    exported.lessons[1].colour = 'red';
    fs.writeFileSync(file, JSON.stringify(exported));
    const invalid = await importOwnLessons(platform.ctx, file, c.organizationId).catch((e: unknown) => e);
    expect((invalid as LessonsImportError).problems).toEqual([
      'lessons[1].title: Please give the lesson a title.',
      'lessons[1].captions[0].lang: is not a language tag (such as en or es-MX)',
      'lessons[1]: Unrecognized key: "colour"',
    ]);
    fs.writeFileSync(file, '{ not json');
    expect(await importOwnLessons(platform.ctx, file, c.organizationId).catch((e: unknown) => e)).toBeInstanceOf(LessonsImportError);
    await expect(importOwnLessons(platform.ctx, file, 999_999)).rejects.toThrow('No organization has the id 999999.');
    expect(await snapshot()).toEqual(before);
    expect(await studioJobs()).toBe(jobs);
    expect(await titlesOf(c.superUser.token)).toEqual([]);
  }, 60_000);
});

describe('npm run platform -- export-catalog --organization / import-lessons', () => {
  const cli = (dataDir: string, ...args: string[]) =>
    run('npx', ['tsx', 'src/cli/platform.ts', ...args], { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
    );

  it('exports an organization’s lessons and imports them back; usage errors in words', async () => {
    const dataDir = tempDir('cli');
    const out = path.join(dataDir, 'out');
    const both = await cli(dataDir, 'export-catalog', out, '--organization', '1', '--category', 'safety');
    expect([both.code, both.stderr.trim()]).toEqual([
      1,
      "Error: --category and --organization do not go together: a category is the platform catalog's, an organization's own lessons are not.",
    ]);
    const notAnId = await cli(dataDir, 'export-catalog', out, '--organization', 'acme');
    expect(notAnId.stderr.trim()).toBe('Error: --organization must be an organization id (a positive number).');
    const missing = await cli(dataDir, 'import-lessons', path.join(out, LESSONS_JSON));
    expect([missing.code, missing.stderr.trim()]).toEqual([1, 'Error: Missing option: --organization']);
    const unknown = await cli(dataDir, 'export-catalog', out, '--organization', '1');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'Error: No organization has the id 1.']);

    const created = await cli(dataDir, 'create-organization', '--name', 'Acme', '--email', 'boss@example.com', '--password', 'Correct-Horse-Battery-42');
    expect(created.code).toBe(0);
    const ok = await cli(dataDir, 'export-catalog', out, '--organization', '1');
    expect([ok.code, ok.stdout.trim()]).toEqual([0, `Organization 1's own lessons exported to ${out}: 0 lessons (1 file).`]);
    const back = await cli(dataDir, 'import-lessons', path.join(out, LESSONS_JSON), '--organization', '1');
    expect([back.code, back.stdout.trim()]).toEqual([
      0,
      'Lessons imported into organization 1: 0 created (0 videos queued for processing), 0 updated, 0 unchanged.',
    ]);
    fs.writeFileSync(path.join(out, LESSONS_JSON), '{}');
    const broken = await cli(dataDir, 'import-lessons', path.join(out, LESSONS_JSON), '--organization', '1');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('Error: The file has 4 problems; nothing was imported:');
  }, 180_000);
});

describe('on a bucket (STORAGE_URL)', () => {
  it('exports the video from the bucket’s upload store, byte for byte, and imports it back as a no-op', async () => {
    const video = fs.readFileSync(path.join(media, 'lesson.mp4'));
    const bucket = await startPlatform({ JOB_POLL_MS: '100' }, { storage: 's3' });
    try {
      const org = await organizationWithMembers(bucket, 'Bucket Works');
      await publishedLesson(org.superUser.token, video, bucket);
      const out = newExportDir();
      expect(await exportOwnLessons(bucket.ctx, out, org.organizationId)).toEqual({ lessons: 1, files: 5 });
      const exported = JSON.parse(fs.readFileSync(path.join(out, LESSONS_JSON), 'utf8'));
      expect(fs.readFileSync(path.join(out, exported.lessons[0].video))).toEqual(video);
      const lessons = async () => JSON.stringify(await bucket.ctx.db.selectFrom('studio_lessons').selectAll().execute());
      const before = await lessons();
      expect(await importOwnLessons(bucket.ctx, path.join(out, LESSONS_JSON), org.organizationId)).toMatchObject({ created: 0, unchanged: 1 });
      expect(await lessons()).toBe(before);
      // Into another organization: its upload kept in the bucket, processed from there.
      const other = await organizationWithMembers(bucket, 'Bucket Sister');
      expect(await importOwnLessons(bucket.ctx, path.join(out, LESSONS_JSON), other.organizationId)).toMatchObject({ created: 1, queued: 1 });
      const [imported] = (await bucket.api('GET', '/api/studio/lessons', { token: other.superUser.token })).body.data.lessons;
      expect(await settled(other.superUser.token, imported.id, bucket)).toMatchObject({ media_state: 'ready', status: 'draft' });
    } finally {
      await bucket.close();
    }
  }, 180_000);
});
