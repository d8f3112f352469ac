import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';

/**
 * The studio's captions editor's routes (issues 37 and 40): an author reads a lesson's cues and saves the edited
 * track, one track per language; the strict WebVTT reader refuses a bad file naming the cue, with nothing changed;
 * nobody else reads or writes them. A Spanish track drafted by machine translation (Apertium) from the English one
 * is marked so for the members until an author reviews it.
 */
const APERTIUM = spawnSync('sh', ['-c', 'command -v apertium']).status === 0;
let platform: TestPlatform;
let a: Awaited<ReturnType<typeof organizationWithMembers>>;
let b: Awaited<ReturnType<typeof organizationWithMembers>>;
let guest: string;
let lessonId: number;

beforeAll(async () => {
  platform = await startPlatform();
  a = await organizationWithMembers(platform, 'Captions Works');
  b = await organizationWithMembers(platform, 'Other Plant');
  guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
  const created = await platform.api('POST', '/api/studio/lessons', {
    token: a.superUser.token,
    json: { title: 'Press 4 lockout', category: 'Presses', description: '' },
  });
  lessonId = created.body.data.id;
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

const path = () => `/api/studio/lessons/${lessonId}/captions`;
const read = (token?: string, lang?: string) => platform.api('GET', path(), { token, query: lang ? { lang } : undefined });
const save = (token: string | undefined, vtt: string, lang = 'en', reviewed?: boolean) => platform.api('PUT', path(), { token, json: { vtt, lang, reviewed } });
const draft = (token: string | undefined, lang = 'es') => platform.api('POST', `${path()}/draft`, { token, json: { lang } });
const ENGLISH = 'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nLock the main switch.\n\n00:00:03.000 --> 00:00:06.000\nCheck that the machine does not start.\n';
const GOOD = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nLock out the press.\n\n00:00:02.500 --> 00:00:05.000\nTry the start button.\n';

describe('the captions editor’s routes', () => {
  it('a lesson without captions reads as empty, with no video yet', async () => {
    const res = await read(a.superUser.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ lang: null, origin: null, cues: [], tracks: [], stream_url: null, version: null, versions: [] });
  });

  it('the author saves a track; it reads back cue by cue with its language, and the audit log says so', async () => {
    const saved = await save(a.superUser.token, GOOD, 'es');
    expect(saved.status).toBe(200);
    expect(saved.body.data.caption_cues).toBe(2);
    expect((await read(a.superUser.token)).body.data).toEqual({
      lang: 'es',
      origin: 'author',
      cues: [
        { start_ms: 0, end_ms: 2500, text: 'Lock out the press.' },
        { start_ms: 2500, end_ms: 5000, text: 'Try the start button.' },
      ],
      tracks: [{ lang: 'es', origin: 'author', out_of_date: false, cues: 2 }],
      stream_url: null,
      version: null,
      versions: [],
    });
    const audit = (await platform.api('GET', '/api/studio/audit', { token: a.superUser.token })).body.data.entries;
    expect(audit[0]).toMatchObject({ lesson_id: lessonId, action: 'captions', detail: 'Captions (es): 2 lines, replacing 0' });
  });

  it('a bad file is refused with a 400 naming the cue, and the saved track stays as it was', async () => {
    const before = (await read(a.superUser.token)).body.data;
    const backwards = `${GOOD}\n00:00:07.000 --> 00:00:06.000\nRelease the lock.\n`;
    const refused = await save(a.superUser.token, backwards);
    expect(refused.status).toBe(400);
    expect(refused.body.error_messages).toBe('Cue 3: the captions file has a cue that ends before it starts (line 9).');
    const noHeader = await save(a.superUser.token, GOOD.replace('WEBVTT', 'VTT'));
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.error_messages).toBe('The captions file does not start with "WEBVTT" (line 1).');
    expect((await save(a.superUser.token, GOOD, 'not a language')).status).toBe(400);
    expect((await read(a.superUser.token)).body.data).toEqual(before);
  });

  it('another organization, a member, the guest and a visitor neither read nor save the captions; nothing changes', async () => {
    const before = (await read(a.superUser.token)).body.data;
    const other = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nStolen words.\n';
    for (const [token, status] of [
      [b.superUser.token, 404],
      [b.member.token, 403],
      [a.member.token, 403],
      [guest, 403],
      [undefined, 401],
    ] as const) {
      const got = await read(token);
      expect(got.status).toBe(status);
      expect(JSON.stringify(got.body)).not.toContain('Lock out');
      expect((await save(token, other)).status).toBe(status);
      expect((await save(token, other, 'de')).status).toBe(status);
      expect((await draft(token)).status).toBe(status);
    }
    expect((await read(a.superUser.token)).body.data).toEqual(before);
  });
});

describe('caption tracks per language', () => {
  let trackLesson: number;
  const tracksPath = () => `/api/studio/lessons/${trackLesson}/captions`;
  const SPANISH = 'WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nBloquee el interruptor principal.\n';
  beforeAll(async () => {
    const created = await platform.api('POST', '/api/studio/lessons', {
      token: a.superUser.token,
      json: { title: 'Mixer lockout', category: 'Mixers', description: '' },
    });
    trackLesson = created.body.data.id;
  });
  const put = (vtt: string, lang: string, reviewed?: boolean) => platform.api('PUT', tracksPath(), { token: a.superUser.token, json: { vtt, lang, reviewed } });
  const get = (lang?: string) => platform.api('GET', tracksPath(), { token: a.superUser.token, query: lang ? { lang } : undefined });

  it('an English and a Spanish track live side by side; each reads back by its language, English first', async () => {
    expect((await put(SPANISH, 'es')).status).toBe(200);
    expect((await put(ENGLISH, 'en')).status).toBe(200);
    const english = (await get()).body.data;
    expect(english.lang).toBe('en');
    expect(english.cues).toHaveLength(2);
    expect(english.tracks).toEqual([
      { lang: 'en', origin: 'author', out_of_date: false, cues: 2 },
      { lang: 'es', origin: 'author', out_of_date: false, cues: 1 },
    ]);
    expect((await get('es')).body.data).toMatchObject({ lang: 'es', origin: 'author', cues: [{ text: 'Bloquee el interruptor principal.' }] });
    // The studio's card counts the lines of the English track (2), not of both languages (3).
    const lessons = (await platform.api('GET', '/api/studio/lessons', { token: a.superUser.token })).body.data.lessons;
    expect(lessons.find((l: { id: number }) => l.id === trackLesson)?.caption_cues).toBe(2);
    // A language without a track reads as a new, empty one.
    expect((await get('fr')).body.data).toMatchObject({ lang: 'fr', origin: null, cues: [] });
    // Saving one language leaves the other as it was.
    expect((await put(ENGLISH.replace('main switch', 'isolator'), 'en')).status).toBe(200);
    expect((await get('es')).body.data.cues).toEqual([{ start_ms: 0, end_ms: 3000, text: 'Bloquee el interruptor principal.' }]);
  });

  it('a draft of a language an author wrote already is refused, and so is a pair Apertium does not have', async () => {
    const refused = await platform.api('POST', `${tracksPath()}/draft`, { token: a.superUser.token, json: { lang: 'es' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error_messages).toBe('This language has captions by an author already: edit them in the captions editor.');
    expect((await platform.api('POST', `${tracksPath()}/draft`, { token: a.superUser.token, json: { lang: 'de' } })).status).toBe(400);
    expect((await get('es')).body.data.origin).toBe('author');
  });

  it('a draft needs English captions to translate', async () => {
    const empty = await platform.api('POST', '/api/studio/lessons', { token: a.superUser.token, json: { title: 'Empty', category: 'X', description: '' } });
    const refused = await platform.api('POST', `/api/studio/lessons/${empty.body.data.id}/captions/draft`, { token: a.superUser.token, json: { lang: 'es' } });
    expect(refused.status).toBe(409);
  });
});

describe.skipIf(!APERTIUM)('a machine draft (Apertium eng-spa)', () => {
  let drafted: number;
  beforeAll(async () => {
    const created = await platform.api('POST', '/api/studio/lessons', {
      token: a.superUser.token,
      json: { title: 'Saw guard', category: 'Saws', description: '' },
    });
    drafted = created.body.data.id;
    await platform.api('PUT', `/api/studio/lessons/${drafted}/captions`, { token: a.superUser.token, json: { vtt: ENGLISH, lang: 'en' } });
  });
  const at = (suffix = '') => `/api/studio/lessons/${drafted}/captions${suffix}`;

  it('is a Spanish track marked machine, cue by cue at the English times; saved without review it stays a draft; reviewed it is the author’s', async () => {
    const made = await platform.api('POST', at('/draft'), { token: a.superUser.token, json: { lang: 'es' } });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ lang: 'es', origin: 'machine' });
    expect(made.body.data.cues.map((c: { start_ms: number; end_ms: number }) => [c.start_ms, c.end_ms])).toEqual([
      [0, 3000],
      [3000, 6000],
    ]);
    expect(made.body.data.cues[0].text).toMatch(/principal/i);
    expect(made.body.data.tracks).toEqual([
      { lang: 'en', origin: 'author', out_of_date: false, cues: 2 },
      { lang: 'es', origin: 'machine', out_of_date: false, cues: 2 },
    ]);
    const edited = `WEBVTT\n\n00:00:00.000 --> 00:00:03.000\nBloquee el interruptor general.\n\n00:00:03.000 --> 00:00:06.000\n${made.body.data.cues[1].text}\n`;
    await platform.api('PUT', at(), { token: a.superUser.token, json: { vtt: edited, lang: 'es' } });
    expect((await platform.api('GET', at(), { token: a.superUser.token, query: { lang: 'es' } })).body.data.origin).toBe('machine');
    await platform.api('PUT', at(), { token: a.superUser.token, json: { vtt: edited, lang: 'es', reviewed: true } });
    const reviewed = (await platform.api('GET', at(), { token: a.superUser.token, query: { lang: 'es' } })).body.data;
    expect(reviewed).toMatchObject({ origin: 'author', cues: [{ text: 'Bloquee el interruptor general.' }, {}] });
    const audit = (await platform.api('GET', '/api/studio/audit', { token: a.superUser.token })).body.data.entries;
    expect(audit.slice(0, 3).map((e: { detail: string }) => e.detail)).toEqual([
      'Captions (es): 2 lines, replacing 2, machine translation reviewed',
      'Captions (es): 2 lines, replacing 2, machine translation kept as a draft',
      'Captions (es): 2 lines drafted by machine translation from English',
    ]);
  });

  it('a draft is out of date once the English track changes; another organization cannot draft', async () => {
    const other = await platform.api('POST', '/api/studio/lessons', { token: a.superUser.token, json: { title: 'Drill', category: 'X', description: '' } });
    const id = other.body.data.id;
    await platform.api('PUT', `/api/studio/lessons/${id}/captions`, { token: a.superUser.token, json: { vtt: ENGLISH, lang: 'en' } });
    expect((await platform.api('POST', `/api/studio/lessons/${id}/captions/draft`, { token: b.superUser.token, json: { lang: 'es' } })).status).toBe(404);
    expect((await platform.api('POST', `/api/studio/lessons/${id}/captions/draft`, { token: a.member.token, json: { lang: 'es' } })).status).toBe(403);
    expect((await platform.api('POST', `/api/studio/lessons/${id}/captions/draft`, { token: a.superUser.token, json: { lang: 'es' } })).status).toBe(200);
    await platform.api('PUT', `/api/studio/lessons/${id}/captions`, {
      token: a.superUser.token,
      json: { vtt: ENGLISH.replace('Lock', 'Isolate'), lang: 'en' },
    });
    const tracks = (await platform.api('GET', `/api/studio/lessons/${id}/captions`, { token: a.superUser.token })).body.data.tracks;
    expect(tracks).toEqual([
      { lang: 'en', origin: 'author', out_of_date: false, cues: 2 },
      { lang: 'es', origin: 'machine', out_of_date: true, cues: 2 },
    ]);
  });
});
