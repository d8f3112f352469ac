import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';

/**
 * The studio's captions editor's routes (issue 37): an author reads a lesson's cues and saves the edited track; the
 * strict WebVTT reader refuses a bad file naming the cue, with nothing changed; nobody else reads or writes them.
 */
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
const read = (token?: string) => platform.api('GET', path(), { token });
const save = (token: string | undefined, vtt: string, lang = 'en') => platform.api('PUT', path(), { token, json: { vtt, lang } });
const GOOD = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nLock out the press.\n\n00:00:02.500 --> 00:00:05.000\nTry the start button.\n';

describe('the captions editor’s routes', () => {
  it('a lesson without captions reads as empty, with no video yet', async () => {
    const res = await read(a.superUser.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ lang: null, cues: [], stream_url: null });
  });

  it('the author saves a track; it reads back cue by cue with its language, and the audit log says so', async () => {
    const saved = await save(a.superUser.token, GOOD, 'es');
    expect(saved.status).toBe(200);
    expect(saved.body.data.caption_cues).toBe(2);
    expect((await read(a.superUser.token)).body.data).toEqual({
      lang: 'es',
      cues: [
        { start_ms: 0, end_ms: 2500, text: 'Lock out the press.' },
        { start_ms: 2500, end_ms: 5000, text: 'Try the start button.' },
      ],
      stream_url: null,
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
    }
    expect((await read(a.superUser.token)).body.data).toEqual(before);
  });
});
