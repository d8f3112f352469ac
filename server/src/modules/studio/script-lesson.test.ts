import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { parseWebVtt } from '../captions/index.ts';
import { renderScriptLesson } from './script-lesson.ts';

/**
 * Lessons from a script over real HTTP: the steps an author types become a narrated slide lesson (the demo's
 * generator), transcoded to HLS like an upload, with English captions whose cues follow the steps; editing and
 * rendering again makes a new revision; bad scripts and other organizations are refused with nothing changed.
 */
let platform: TestPlatform;
let a: Awaited<ReturnType<typeof organizationWithMembers>>;
let b: Awaited<ReturnType<typeof organizationWithMembers>>;

const STEPS = ['Stop the press.', 'Lock the main switch.', 'Try the start button.'];
const steps = (texts: string[], photos: (string | null)[] = []) => texts.map((text, i) => ({ text, photo_url: photos[i] ?? null }));

/** A small photo (a PNG made by ffmpeg), and a photo upload as the web sends it. */
let PHOTO: Buffer;

async function uploadPhoto(token: string | undefined, bytes: Buffer, name = 'photo.png') {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${platform.url}/api/studio/script-photos`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  PHOTO = execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120',
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-',
  ]);
  platform = await startPlatform({ JOB_POLL_MS: '100' });
  a = await organizationWithMembers(platform, 'Script Works');
  b = await organizationWithMembers(platform, 'Other Plant');
});
afterAll(async () => {
  await platform?.close();
});

const api = (method: string, p: string, token: string | undefined, json?: unknown) => platform.api(method, p, { token, json });

async function newLesson(title: string) {
  const res = await api('POST', '/api/studio/lessons', a.superUser.token, { title, category: 'Safety', description: '' });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

async function waitForMedia(lessonId: number) {
  for (let i = 0; i < 600; i++) {
    const res = await api('GET', `/api/studio/lessons/${lessonId}`, a.superUser.token);
    if (res.body.data.media_state !== 'processing') return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the lesson never finished rendering');
}

/** The member's captions as the player fetches them. */
async function memberCaptions(lessonId: number) {
  const one = await api('GET', `/api/studio/library/${lessonId}`, a.member.token);
  expect(one.status).toBe(200);
  expect(one.body.data.captions).toHaveLength(1);
  expect(one.body.data.captions[0]).toMatchObject({ lang: 'en' });
  const vtt = await (await fetch(`${platform.url}${one.body.data.captions[0].url}`)).text();
  return { lesson: one.body.data, cues: parseWebVtt(Buffer.from(vtt)) };
}

const cueText = (cues: { text: string }[]) => cues.map((c) => c.text.replaceAll('\n', ' '));

async function studioState(): Promise<string> {
  const db = platform.ctx.db;
  const rows = await Promise.all([
    db.selectFrom('studio_lessons').selectAll().orderBy('id').execute(),
    db.selectFrom('studio_lesson_scripts').selectAll().orderBy('lesson_id').execute(),
    db.selectFrom('studio_uploads').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify(rows);
}

describe('a lesson from a script', () => {
  it('3 steps render into a playable lesson whose captions follow the steps; edited and rendered again, a new revision', { timeout: 240_000 }, async () => {
    const lessonId = await newLesson('Lockout of press 4');
    // Step 2 with a photo, through the checked picture upload.
    const photo = await uploadPhoto(a.superUser.token, PHOTO);
    expect(photo.status).toBe(201);
    // Private to the organization: answered at a signed address; the address it is kept at opens nothing.
    const photoUrl = photo.body.data.photo_url as string;
    expect(photoUrl).toMatch(new RegExp(`^/media/\\d+/[\\w-]+/uploads/studio-photos/${a.organizationId}/[0-9a-f]{32}\\.jpg$`));
    const kept = photoUrl.replace(/^\/media\/[^/]+\/[^/]+/, '');
    const signedPhoto = await fetch(`${platform.url}${photoUrl}`);
    expect([signedPhoto.status, signedPhoto.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect((await fetch(`${platform.url}${kept}`)).status).toBe(404);
    expect((await fetch(`${platform.url}${photoUrl.replace(/\/media\/(\d+)\/[\w-]+\//, '/media/$1/forged/')}`)).status).toBe(403);
    const put = await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, { steps: steps(STEPS, [null, photoUrl]) });
    expect(put.status).toBe(200);
    expect(put.body.data.media_state).toBe('processing');
    const ready = await waitForMedia(lessonId);
    expect(ready).toMatchObject({ media_state: 'ready', progress: 100, error: null, caption_cues: 4 });
    expect(ready.duration_seconds).toBeGreaterThan(3);
    // Kept at its address; read back signed again.
    const script = (await api('GET', `/api/studio/lessons/${lessonId}/script`, a.superUser.token)).body.data.script.steps;
    expect(script.map((step: { photo_url: string | null }) => step.photo_url?.replace(/^\/media\/[^/]+\/[^/]+/, '') ?? null)).toEqual([null, kept, null]);
    expect(script[1].photo_url).toMatch(/^\/media\//);

    expect((await api('POST', `/api/studio/lessons/${lessonId}/publish`, a.superUser.token)).status).toBe(200);
    const { lesson, cues } = await memberCaptions(lessonId);
    // The title, then one cue a step, read with its number, in order, back to back to the end of the video.
    expect(cueText(cues)).toEqual(['Lockout of press 4.', '1. Stop the press.', '2. Lock the main switch.', '3. Try the start button.']);
    for (const [i, cue] of cues.entries()) {
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      if (i > 0) expect(cue.startMs).toBe(cues[i - 1]?.endMs);
    }
    expect(Math.abs((cues.at(-1)?.endMs ?? 0) / 1000 - lesson.duration_seconds)).toBeLessThan(0.6);
    // Playable: the HLS master playlist and its rendition are served like an uploaded video's.
    const master = await fetch(`${platform.url}${lesson.stream_url}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('#EXT-X-STREAM-INF');

    // Edited and rendered again: published, so a summary is asked for, and the new video is revision 2.
    const edited = [...STEPS.slice(0, 2), 'Try the start button twice.', 'Tag the switch.'];
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, { steps: steps(edited) })).status).toBe(400);
    const again = await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, { steps: steps(edited), summary: 'Tag step added' });
    expect(again.status).toBe(200);
    expect((await waitForMedia(lessonId)).revision).toBe(2);
    const revisions = (await api('GET', `/api/studio/lessons/${lessonId}/revisions`, a.superUser.token)).body.data.revisions;
    expect(revisions.map((r: { revision: number; summary: string }) => [r.revision, r.summary])).toEqual([
      [2, 'Tag step added'],
      [1, 'First published'],
    ]);
    expect(cueText((await memberCaptions(lessonId)).cues).slice(3)).toEqual(['3. Try the start button twice.', '4. Tag the switch.']);
    // The first render's file no longer counts: one upload, the live one.
    expect(await platform.ctx.db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', lessonId).execute()).toHaveLength(1);
  });

  it('fewer than 3 or more than 10 steps, an empty step, another organization or a plain member: refused, nothing changed', async () => {
    const lessonId = await newLesson('Refusals');
    const before = await studioState();
    const two = await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, { steps: steps(STEPS.slice(0, 2)) });
    expect(two.status).toBe(400);
    expect(JSON.stringify(two.body)).toContain('3 to 10 steps');
    const eleven = await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, {
      steps: steps(Array.from({ length: 11 }, (_, i) => `Step ${i}`)),
    });
    expect(eleven.status).toBe(400);
    expect(JSON.stringify(eleven.body)).toContain('3 to 10 steps');
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, { steps: steps(['One.', ' ', 'Three.']) })).status).toBe(400);
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/script`, b.superUser.token, { steps: steps(STEPS) })).status).toBe(404);
    // Another organization's photo, or an address that is not an uploaded photo: refused by name.
    const theirs = (await uploadPhoto(b.superUser.token, PHOTO)).body.data.photo_url as string;
    const foreign = await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, { steps: steps(STEPS, [theirs]) });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain("Step 1's photo is not one uploaded by your organization");
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, { steps: steps(STEPS, ['/etc/passwd']) })).status).toBe(400);
    // Not a picture, whatever it is called; a member who is not an author.
    const text = await uploadPhoto(a.superUser.token, Buffer.from('not a picture'), 'photo.png');
    expect(text.status).toBe(400);
    expect(JSON.stringify(text.body)).toContain('photo: must be a JPEG, PNG, WebP or GIF picture.');
    expect((await uploadPhoto(a.member.token, PHOTO)).status).toBe(403);
    expect((await uploadPhoto(undefined, PHOTO)).status).toBe(401);
    expect((await api('GET', `/api/studio/lessons/${lessonId}/script`, b.superUser.token)).status).toBe(404);
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.member.token, { steps: steps(STEPS) })).status).toBe(403);
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/script`, undefined, { steps: steps(STEPS) })).status).toBe(401);
    expect(await studioState()).toBe(before);
  });

  it('a render that fails says why in words and leaves no video, upload or captions', async () => {
    const lessonId = await newLesson('Without ffmpeg');
    const t = Date.now();
    const db = platform.ctx.db;
    // Saved and marked processing as the route does, but rendered here with no tools on the PATH.
    await db
      .insertInto('studio_lesson_scripts')
      .values({ lesson_id: lessonId, steps: JSON.stringify(steps(STEPS)), updated_by: a.superUser.id, updated_at: t })
      .execute();
    await db.updateTable('studio_lessons').set({ media_state: 'processing' }).where('id', '=', lessonId).execute();
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await renderScriptLesson(platform.ctx, { lessonId });
    } finally {
      process.env.PATH = path;
    }
    const lesson = (await api('GET', `/api/studio/lessons/${lessonId}`, a.superUser.token)).body.data;
    expect(lesson).toMatchObject({ media_state: 'failed', status: 'draft', caption_cues: 0, poster_url: null });
    expect(lesson.error).toMatch(/could not be rendered from its script: ffmpeg is not installed on the server/);
    expect(await db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', lessonId).execute()).toEqual([]);
    expect((await api('POST', `/api/studio/lessons/${lessonId}/publish`, a.superUser.token)).status).toBe(409);
  });
});
