import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { parseWebVtt } from '../captions/index.ts';

/**
 * The captions of a script lesson's narrated Spanish version over real HTTP (issue 40): a Spanish member's search
 * finds a word spoken in it at that cue's second in the Spanish version; an English member's search is as before;
 * an author edits a line in the studio's captions editor and the saved words are what Spanish viewers get and what
 * the search finds, the author's (Apertium's lines keep their machine mark); another organization can neither find
 * nor edit them, nor a plain member edit them, and nothing changes.
 */
let platform: TestPlatform;
let a: Awaited<ReturnType<typeof organizationWithMembers>>;
let b: Awaited<ReturnType<typeof organizationWithMembers>>;

const STEPS = ['Stop the hydraulic press.', 'Lock the main switch.', 'Try the start button.'];

beforeAll(async () => {
  platform = await startPlatform({ JOB_POLL_MS: '100' });
  a = await organizationWithMembers(platform, 'Spanish Captions Works');
  b = await organizationWithMembers(platform, 'Other Spanish Captions Plant');
});
afterAll(async () => {
  await platform?.close();
});

const api = (method: string, p: string, token: string | undefined, json?: unknown) => platform.api(method, p, { token, json });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 900; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('never finished rendering');
}

type Cue = { start_ms: number; end_ms: number; text: string; origin?: string };
type Hit = { lesson_id: number; start_seconds: number | null; lang: string };

const ownLessonsFound = async (token: string, q: string) =>
  ((await platform.api('GET', '/api/search', { token, query: { q, kind: 'own_lessons' } })).body.data.own_lessons.items as Hit[]).map((h) => ({
    lesson_id: h.lesson_id,
    start_seconds: h.start_seconds,
    lang: h.lang,
  }));
const second = (cue: Cue) => Math.floor(cue.start_ms / 1000);
const cueHolding = (cues: Cue[], words: string) => cues.find((c) => c.text.replaceAll('\n', ' ').includes(words)) as Cue;
const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23);
const toVtt = (cues: Cue[]) => `WEBVTT\n\n${cues.map((c) => `${stamp(c.start_ms)} --> ${stamp(c.end_ms)}\n${c.text}\n`).join('\n')}`;
const servedText = async (url: string) =>
  parseWebVtt(Buffer.from(await (await fetch(`${platform.url}${url}`)).text())).map((c) => c.text.replaceAll('\n', ' '));
const versionCueRows = () => platform.ctx.db.selectFrom('studio_version_cues').selectAll().orderBy('id').execute();

describe("a Spanish version's captions", () => {
  let lessonId: number;
  let englishCues: Cue[];

  beforeAll(async () => {
    const created = await api('POST', '/api/studio/lessons', a.superUser.token, { title: 'Machine lockout', category: 'Safety', description: '' });
    lessonId = created.body.data.id;
    const script = await api('PUT', `/api/studio/lessons/${lessonId}/script`, a.superUser.token, {
      steps: STEPS.map((text) => ({ text, photo_url: null })),
    });
    expect(script.status).toBe(200);
    await until(
      async () => (await api('GET', `/api/studio/lessons/${lessonId}`, a.superUser.token)).body.data,
      (l) => l.media_state !== 'processing',
    );
    expect((await api('POST', `/api/studio/lessons/${lessonId}/publish`, a.superUser.token)).status).toBe(200);
    englishCues = (await api('GET', `/api/studio/lessons/${lessonId}/captions`, a.superUser.token)).body.data.cues;
    // Apertium's draft with the first step the author's own; the other steps as Apertium drafted them.
    const draft = (await api('GET', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token)).body.data;
    const put = await api('PUT', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token, {
      title: draft.title,
      description: draft.description,
      steps: ['Pare la prensa hidráulica.', ...draft.steps.slice(1)],
    });
    expect(put.status).toBe(200);
    const ready = await until(
      async () => (await api('GET', `/api/studio/lessons/${lessonId}/versions/es`, a.superUser.token)).body.data,
      (v) => v.media_state !== 'processing',
    );
    expect(ready).toMatchObject({ media_state: 'ready', error: null });
    for (const member of [a.member, b.member]) expect((await api('POST', '/api/set_locale', member.token, { locale: 'es' })).status).toBe(200);
  }, 300_000);

  it('a Spanish member finds a Spanish word spoken in it at the second of its cue in the Spanish version', async () => {
    const spanish = (await api('GET', `/api/studio/lessons/${lessonId}/versions/es/captions`, a.superUser.token)).body.data;
    const spoken = cueHolding(spanish.cues, 'Pare la prensa hidráulica');
    expect(await ownLessonsFound(a.member.token, 'hidraulica')).toEqual([{ lesson_id: lessonId, start_seconds: second(spoken), lang: 'es' }]);
    expect(await ownLessonsFound(a.member.token, 'prensa hidráulica')).toEqual([{ lesson_id: lessonId, start_seconds: second(spoken), lang: 'es' }]);
  });

  it("an English member's search is unchanged: English words at the English video's second, the Spanish version's words not at all", async () => {
    const spoken = cueHolding(englishCues, 'Stop the hydraulic press');
    expect(await ownLessonsFound(a.superUser.token, 'hydraulic')).toEqual([{ lesson_id: lessonId, start_seconds: second(spoken), lang: 'en' }]);
    expect(await ownLessonsFound(a.superUser.token, 'hidraulica')).toEqual([]);
  });

  it("another organization's members never find it, where the owning organization's Spanish member does", async () => {
    expect(await ownLessonsFound(a.member.token, 'hidraulica')).toEqual([expect.objectContaining({ lesson_id: lessonId, lang: 'es' })]);
    expect(await ownLessonsFound(b.member.token, 'hidraulica')).toEqual([]);
    expect(await ownLessonsFound(b.superUser.token, 'hidraulica')).toEqual([]);
  });

  it("opens in the editor, Apertium's lines marked machine; an edited line is the author's, served to Spanish viewers and found", async () => {
    const opened = await api('GET', `/api/studio/lessons/${lessonId}/versions/es/captions`, a.superUser.token);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ lang: 'es', version: 'es', versions: ['es'], origin: 'machine' });
    expect(opened.body.data.stream_url).toEqual(expect.any(String));
    const cues: Cue[] = opened.body.data.cues;
    expect(cueHolding(cues, 'Pare la prensa hidráulica').origin).toBe('author');
    const second2 = cues.find((c) => c.text.startsWith('2.')) as Cue;
    const third = cues.find((c) => c.text.startsWith('3.')) as Cue;
    expect([second2.origin, third.origin]).toEqual(['machine', 'machine']);
    // The lesson's own editor offers the Spanish version.
    expect((await api('GET', `/api/studio/lessons/${lessonId}/captions`, a.superUser.token)).body.data).toMatchObject({ version: null, versions: ['es'] });

    const edited = cues.map((c) => (c === second2 ? { ...c, text: '2. Gire la llave amarilla.' } : c));
    const saved = await api('PUT', `/api/studio/lessons/${lessonId}/versions/es/captions`, a.superUser.token, { vtt: toVtt(edited) });
    expect(saved.status).toBe(200);
    const after: Cue[] = saved.body.data.cues;
    expect(cueHolding(after, 'Gire la llave amarilla')).toMatchObject({ start_ms: second2.start_ms, origin: 'author' });
    expect(after.find((c) => c.text.startsWith('3.'))?.origin).toBe('machine');
    expect(after).toHaveLength(cues.length);

    // Spanish viewers get the saved words; the search finds them at their second in the Spanish version.
    const played = (await api('GET', `/api/studio/library/${lessonId}`, a.member.token)).body.data;
    expect(played.lang).toBe('es');
    expect(await servedText(played.captions[0].url)).toContain('2. Gire la llave amarilla.');
    expect(await ownLessonsFound(a.member.token, 'llave amarilla')).toEqual([{ lesson_id: lessonId, start_seconds: second(second2), lang: 'es' }]);
    expect(await ownLessonsFound(a.superUser.token, 'amarilla')).toEqual([]);
  });

  it('another organization, a plain member: refused, nothing changed', async () => {
    const before = await versionCueRows();
    const vtt = toVtt([{ start_ms: 0, end_ms: 2000, text: 'Texto ajeno.' }]);
    expect((await api('GET', `/api/studio/lessons/${lessonId}/versions/es/captions`, b.superUser.token)).status).toBe(404);
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/versions/es/captions`, b.superUser.token, { vtt })).status).toBe(404);
    expect((await api('GET', `/api/studio/lessons/${lessonId}/versions/es/captions`, a.member.token)).status).toBe(403);
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/versions/es/captions`, a.member.token, { vtt })).status).toBe(403);
    expect((await api('PUT', `/api/studio/lessons/${lessonId}/versions/es/captions`, undefined, { vtt })).status).toBe(401);
    expect(await versionCueRows()).toEqual(before);
    expect(await ownLessonsFound(a.member.token, 'ajeno')).toEqual([]);
  });

  it('a version not rendered yet has no captions to edit (409)', async () => {
    const plain = (await api('POST', '/api/studio/lessons', a.superUser.token, { title: 'Uploaded', category: 'Safety', description: '' })).body.data.id;
    expect((await api('GET', `/api/studio/lessons/${plain}/versions/es/captions`, a.superUser.token)).status).toBe(409);
  });
});
