import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { parseWebVtt } from '../captions/index.ts';

/**
 * A script lesson's narrated Spanish version over real HTTP (issue 40): Apertium drafts the Spanish steps, the
 * author edits and renders them with espeak-ng's Spanish voice, a Spanish member gets that version by default and
 * may switch to English, an English member gets English, another organization reaches nothing; a new English render
 * marks it out of date; no script, a missing tool or a wrong step count are refused in words with nothing written.
 */
let platform: TestPlatform;
let a: Awaited<ReturnType<typeof organizationWithMembers>>;
let b: Awaited<ReturnType<typeof organizationWithMembers>>;

const STEPS = ['Stop the press.', 'Lock the main switch.', 'Try the start button.'];
const steps = (texts: string[]) => texts.map((text) => ({ text, photo_url: null }));

beforeAll(async () => {
  platform = await startPlatform({ JOB_POLL_MS: '100' });
  a = await organizationWithMembers(platform, 'Versions Works');
  b = await organizationWithMembers(platform, 'Other Versions Plant');
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

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 900; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('never finished rendering');
}

const lessonOf = async (lessonId: number) => (await api('GET', `/api/studio/lessons/${lessonId}`, a.superUser.token)).body.data;
const versionOf = async (lessonId: number) => (await api('GET', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token)).body.data;
const cueText = async (url: string) => parseWebVtt(Buffer.from(await (await fetch(`${platform.url}${url}`)).text())).map((c) => c.text.replaceAll('\n', ' '));

async function withoutTools<T>(call: () => Promise<T>): Promise<T> {
  const path = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    return await call();
  } finally {
    process.env.PATH = path;
  }
}

describe("a script lesson's narrated Spanish version", () => {
  it('drafted by Apertium, edited, rendered in Spanish; Spanish members get it, English members English; out of date after an English render', {
    timeout: 300_000,
  }, async () => {
    const lessonId = await newLesson('Lockout of the press');
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, { steps: steps(STEPS) })).status).toBe(200);
    const english = await until(
      () => lessonOf(lessonId),
      (l) => l.media_state !== 'processing',
    );
    expect(english).toMatchObject({ media_state: 'ready', from_script: true });
    expect((await api('POST', `/api/studio/lessons/${lessonId}/publish`, a.superUser.token)).status).toBe(200);

    // Apertium's draft: nothing saved, marked machine translation.
    const draft = await api('GET', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token);
    expect(draft.status).toBe(200);
    expect(draft.body.data).toMatchObject({ lang: 'es', origin: 'machine', saved: false, media_state: null, playable: false });
    expect(draft.body.data.steps).toHaveLength(3);
    expect(draft.body.data.steps[0]).not.toBe(STEPS[0]);
    expect(draft.body.data.title).not.toBe('Lockout of the press');
    // Another organization, a plain member: refused.
    expect((await api('GET', `/api/studio/lessons/${lessonId}/versions/es`, b.superUser.token)).status).toBe(404);
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/versions/es`, b.superUser.token, draft.body.data)).status).toBe(404);
    expect((await api('GET', `/api/studio/lessons/${lessonId}/versions/es`, a.member.token)).status).toBe(403);
    expect((await api('GET', `/api/studio/lessons/${lessonId}/versions/fr`, a.superUser.token)).status).toBe(400);
    // Not one step for each English step.
    const four = await api('PUT', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token, {
      ...draft.body.data,
      steps: [...draft.body.data.steps, 'Otro paso.'],
    });
    expect(four.status).toBe(400);
    expect(JSON.stringify(four.body)).toContain('one step for each step of the script');
    expect(await platform.ctx.db.selectFrom('studio_lesson_versions').selectAll().execute()).toEqual([]);

    // The author edits a step and renders: saved as the author's, rendered with the Spanish voice.
    const spanish = ['Pare la prensa.', ...draft.body.data.steps.slice(1)];
    const put = await api('PUT', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token, {
      title: 'Bloqueo de la prensa',
      description: '',
      steps: spanish,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ origin: 'author', saved: true, media_state: 'processing' });
    expect(
      (await api('PUT', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token, { title: 'Bloqueo', description: '', steps: spanish })).status,
    ).toBe(409);
    const ready = await until(
      () => versionOf(lessonId),
      (v) => v.media_state !== 'processing',
    );
    expect(ready).toMatchObject({
      media_state: 'ready',
      progress: 100,
      error: null,
      playable: true,
      out_of_date: false,
      origin: 'author',
      title: 'Bloqueo de la prensa',
    });
    // Its MP4 counts against the organization's storage beside the English one.
    expect(await platform.ctx.db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', lessonId).execute()).toHaveLength(2);

    // A Spanish member gets the Spanish version by default, its captions the spoken Spanish steps.
    expect((await api('POST', '/api/set_locale', a.member.token, { locale: 'es' })).status).toBe(200);
    const es = await api('GET', `/api/studio/library/${lessonId}`, a.member.token);
    expect(es.status).toBe(200);
    expect(es.body.data).toMatchObject({ lang: 'es', versions: ['en', 'es'], title: 'Bloqueo de la prensa' });
    expect(es.body.data.captions).toEqual([expect.objectContaining({ lang: 'es', label: 'Español' })]);
    expect(await cueText(es.body.data.captions[0].url)).toEqual([
      'Bloqueo de la prensa.',
      '1. Pare la prensa.',
      ...spanish.slice(1).map((s: string, i: number) => `${i + 2}. ${/[.!?]$/.test(s) ? s : `${s}.`}`),
    ]);
    const master = await fetch(`${platform.url}${es.body.data.stream_url}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('#EXT-X-STREAM-INF');
    // ...and may switch to the English one.
    const en = await api('GET', `/api/studio/library/${lessonId}?lang=en`, a.member.token);
    expect(en.body.data).toMatchObject({ lang: 'en', versions: ['en', 'es'], title: 'Lockout of the press' });
    expect(en.body.data.stream_url).not.toBe(es.body.data.stream_url);
    expect(await cueText(en.body.data.captions.find((c: { lang: string }) => c.lang === 'en').url)).toContain('1. Stop the press.');
    // An English member gets English; another organization reaches neither.
    const superUser = await api('GET', `/api/studio/library/${lessonId}`, a.superUser.token);
    expect(superUser.body.data).toMatchObject({ lang: 'en', stream_url: en.body.data.stream_url });
    expect((await api('GET', `/api/studio/library/${lessonId}?lang=es`, b.member.token)).status).toBe(404);
    expect((await api('GET', `/api/studio/library/${lessonId}`, b.superUser.token)).status).toBe(404);

    // A new English render: the Spanish version is out of date for its authors; members keep it until it is rendered again.
    const edited = [...STEPS.slice(0, 2), 'Try the start button twice.'];
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, { steps: steps(edited), summary: 'Twice' })).status).toBe(200);
    expect(
      (
        await until(
          () => lessonOf(lessonId),
          (l) => l.media_state !== 'processing',
        )
      ).revision,
    ).toBe(2);
    expect(await versionOf(lessonId)).toMatchObject({ out_of_date: true, playable: true });
    const kept = await api('GET', `/api/studio/library/${lessonId}`, a.member.token);
    expect(kept.body.data).toMatchObject({ lang: 'es', stream_url: es.body.data.stream_url });
    // The English render replaced the English upload only.
    expect(await platform.ctx.db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', lessonId).execute()).toHaveLength(2);

    // espeak-ng missing: 503 in words, nothing written.
    const before = JSON.stringify(await platform.ctx.db.selectFrom('studio_lesson_versions').selectAll().execute());
    const noVoice = await withoutTools(() =>
      api('PUT', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token, { title: 'Bloqueo', description: '', steps: spanish }),
    );
    expect(noVoice.status).toBe(503);
    expect(JSON.stringify(noVoice.body)).toContain('espeak-ng with its Spanish voice is not installed');
    expect(JSON.stringify(await platform.ctx.db.selectFrom('studio_lesson_versions').selectAll().execute())).toBe(before);

    // The Spanish rendition counts against the organization's storage: full, refused at once (413); too little room
    // for the new MP4, the render fails in words and the earlier Spanish rendition keeps playing, its upload kept.
    const db = platform.ctx.db;
    const used = async () =>
      (await db.selectFrom('studio_uploads').select('size').where('organization_id', '=', a.organizationId).execute()).reduce((n, r) => n + Number(r.size), 0);
    const setQuota = async (bytes: number) => {
      await db.deleteFrom('studio_quotas').where('organization_id', '=', a.organizationId).execute();
      await db.insertInto('studio_quotas').values({ organization_id: a.organizationId, quota_bytes: bytes, updated_at: Date.now() }).execute();
    };
    await setQuota(await used());
    const full = await api('PUT', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token, { title: 'Bloqueo', description: '', steps: spanish });
    expect(full.status).toBe(413);
    const uploads = await db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', lessonId).orderBy('id').execute();
    await setQuota((await used()) + 1000);
    expect(
      (await api('PUT', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token, { title: 'Bloqueo', description: '', steps: spanish })).status,
    ).toBe(200);
    const refused = await until(
      () => versionOf(lessonId),
      (v) => v.media_state !== 'processing',
    );
    expect(refused).toMatchObject({ media_state: 'failed', playable: true });
    expect(refused.error).toContain("Your organization's storage is full");
    expect((await api('GET', `/api/studio/library/${lessonId}`, a.member.token)).body.data).toMatchObject({ lang: 'es', stream_url: es.body.data.stream_url });
    expect(await db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', lessonId).orderBy('id').execute()).toEqual(uploads);
    await db.deleteFrom('studio_quotas').where('organization_id', '=', a.organizationId).execute();
  });

  it('a lesson without a script: 409; Apertium missing: 503 in words', async () => {
    const plain = await newLesson('Uploaded lesson');
    expect((await lessonOf(plain)).from_script).toBe(false);
    const none = await api('GET', `/api/studio/lessons/${plain}/versions/es`, a.superUser.token);
    expect(none.status).toBe(409);
    expect(JSON.stringify(none.body)).toContain('This lesson has no script');
    expect(
      (await api('PUT', `/api/studio/lessons/${plain}/versions/es`, a.superUser.token, { title: 'T', description: '', steps: ['a', 'b', 'c'] })).status,
    ).toBe(409);

    const scripted = await newLesson('Scripted lesson');
    await platform.ctx.db
      .insertInto('studio_lesson_scripts')
      .values({ lesson_id: scripted, steps: JSON.stringify(steps(STEPS)), updated_by: a.superUser.id, updated_at: Date.now() })
      .execute();
    const noApertium = await withoutTools(() => api('GET', `/api/studio/lessons/${scripted}/versions/es`, a.superUser.token));
    expect(noApertium.status).toBe(503);
    expect(JSON.stringify(noApertium.body)).toContain('Apertium is not installed');
    // The English video is not ready yet: the Spanish version waits for it.
    expect(
      (await api('PUT', `/api/studio/lessons/${scripted}/versions/es`, a.superUser.token, { title: 'T', description: '', steps: ['a', 'b', 'c'] })).status,
    ).toBe(409);
  });
});
