import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWholeCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { DEMO_CATALOG } from '../../cli/seed-demo.ts';
import { type ImportOptions, importCatalog } from '../catalog-import/import-catalog.ts';
import { ApertiumError } from './apertium.ts';
import { CAPTION_DRAFTS_QUEUE, draftAllCaptions, draftCaptions } from './caption-drafts.ts';

/**
 * Machine-drafted Spanish captions (issue 40) on the database the run points at (SQLite, or PostgreSQL with
 * DATABASE_URL): a demo lesson imported with its English captions gets a Spanish draft from Apertium, marked machine
 * translation, searchable in Spanish at its cue's second; a new English revision marks it out of date. Jobs are not
 * worked here (RUN_JOBS=false): the test looks at what the import queued and runs the draft itself.
 */
const APERTIUM = spawnSync('sh', ['-c', 'command -v apertium']).status === 0;
const LESSON = 'lockout-tagout-fundamentals';
const LESSON_VTT = fs.readFileSync(path.join(path.dirname(DEMO_CATALOG), 'media', 'captions', `${LESSON}.en.vtt`), 'utf8');

let platform: TestPlatform;
let dir: string;
let member: string;
let videoId: number;

function importWith(captions: { lang: string; label: string; text: string }[], name: string, on: TestPlatform = platform, options: ImportOptions = {}) {
  const files = captions.map((c) => {
    const file = `cc/${name}.${c.lang}.vtt`;
    fs.mkdirSync(path.join(dir, 'cc'), { recursive: true });
    fs.writeFileSync(path.join(dir, file), c.text);
    return { lang: c.lang, label: c.label, file };
  });
  const catalog = {
    experts: [],
    categories: [
      {
        key: 'safety',
        name: 'Machine Safety',
        sort: 1,
        essential: 0,
        sub_categories: [
          {
            key: 'lockout',
            name: 'Lockout/Tagout',
            sort: 1,
            videos: [
              {
                key: LESSON,
                title: 'Lockout/Tagout Fundamentals',
                description: 'The six steps of energy isolation.',
                media: 'clip.mp4',
                publish_time: '2026-01-01',
                in_test: 1,
                in_production: 1,
                captions: files,
              },
            ],
          },
        ],
      },
    ],
  };
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(catalog));
  return importCatalog(on.ctx, path.join(dir, `${name}.json`), undefined, options);
}

const waitingDrafts = async (on: TestPlatform = platform) => (await on.ctx.jobs.stats()).find((q) => q.name === CAPTION_DRAFTS_QUEUE)?.waiting ?? 0;
const view = async () =>
  (await platform.api('POST', '/api/videos/view', { token: member, json: { admin_video_id: videoId } })).body.data.captions as {
    lang: string;
    label: string;
    url: string;
    machine?: boolean;
    outOfDate?: boolean;
  }[];
const search = async (q: string) => (await platform.api('GET', '/api/search', { token: member, query: { q } })).body.data.cues.items;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-drafts-'));
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an', path.join(dir, 'clip.mp4')],
  ]);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!APERTIUM)('machine-translated captions (Apertium eng-spa)', () => {
  beforeAll(async () => {
    // Drafts follow imports by default (the test harness turns them off for every other suite).
    platform = await startPlatform({ RUN_JOBS: 'false', CAPTION_DRAFTS: 'true' });
    await importWith([{ lang: 'en', label: 'English', text: LESSON_VTT }], 'first');
    videoId = (await platform.ctx.db.selectFrom('videos').select('id').where('key', '=', LESSON).executeTakeFirstOrThrow()).id;
    const org = await organizationWithMembers(platform, 'Acme');
    await openWholeCatalog(platform, org.organizationId);
    member = org.member.token;
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  it('the import queues a draft; the draft is a Spanish track marked machine translation, found by a Spanish word at its second', async () => {
    expect(await waitingDrafts()).toBe(1);
    expect(await search('hidraulico')).toEqual([]);
    expect(await draftCaptions(platform.ctx, videoId)).toBe('drafted');
    const tracks = await view();
    expect(tracks.map((t) => [t.lang, t.label, t.machine ?? false, t.outOfDate ?? false])).toEqual([
      ['en', 'English', false, false],
      ['es', 'Español (traducción automática)', true, false],
    ]);
    const file = await (await fetch(`${platform.url}${tracks[1]?.url}`)).text();
    expect(file.startsWith('WEBVTT')).toBe(true);
    // Every English cue has its Spanish one at the same times.
    expect(file.match(/-->/g)?.length).toBe(LESSON_VTT.match(/-->/g)?.length);
    expect(file).toContain('00:00:16.092 --> 00:00:22.202\nIdentificar cada fuente de energía');
    // "Identify every energy source, electrical, hydraulic, ..." starts at 16.092 s: found by the Spanish word, accents ignored.
    const hits = await search('hidraulico');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ admin_video_id: videoId, start_seconds: 16, lang: 'es' });
    // Drafting again changes nothing: the draft is of the current English track.
    expect(await draftCaptions(platform.ctx, videoId)).toBe('up to date');
  });

  it('survives an import whose English track did not change, and nothing is queued for it', async () => {
    const waiting = await waitingDrafts();
    await importWith([{ lang: 'en', label: 'English', text: LESSON_VTT }], 'same');
    expect((await view()).map((t) => [t.lang, t.machine ?? false, t.outOfDate ?? false])).toEqual([
      ['en', false, false],
      ['es', true, false],
    ]);
    expect(await waitingDrafts()).toBe(waiting);
  });

  it('a new revision of the English captions marks the draft out of date until it is drafted again', async () => {
    const revised = LESSON_VTT.replace('Identify every energy source', 'Find every energy source');
    await importWith([{ lang: 'en', label: 'English', text: revised }], 'revised');
    expect((await view()).map((t) => [t.lang, t.machine ?? false, t.outOfDate ?? false])).toEqual([
      ['en', false, false],
      ['es', true, true],
    ]);
    expect(await draftAllCaptions(platform.ctx)).toMatchObject({ drafted: 1 });
    expect((await view()).find((t) => t.lang === 'es')).toMatchObject({ machine: true });
    expect((await view()).find((t) => t.lang === 'es')?.outOfDate).toBeUndefined();
  });

  it('an author\u2019s Spanish track from the catalog replaces the draft', async () => {
    await importWith(
      [
        { lang: 'en', label: 'English', text: LESSON_VTT },
        { lang: 'es', label: 'Español', text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBloqueo y etiquetado.\n' },
      ],
      'authored',
    );
    const tracks = await view();
    expect(tracks.map((t) => [t.lang, t.label, t.machine ?? false])).toEqual([
      ['en', 'English', false],
      ['es', 'Español', false],
    ]);
    expect(await search('hidraulico')).toEqual([]);
    expect(await draftCaptions(platform.ctx, videoId)).toBe('authored');
  });

  it('fails with a clear message when Apertium is missing, never a stand-in translation', async () => {
    await importWith([{ lang: 'en', label: 'English', text: LESSON_VTT }], 'again');
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const error = await draftCaptions(platform.ctx, videoId).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApertiumError);
      expect((error as Error).message).toMatch(/apertium-eng-spa/);
    } finally {
      process.env.PATH = saved;
    }
    expect((await view()).map((t) => t.lang)).toEqual(['en']);
  });
});

describe('drafts after an import', () => {
  let quiet: TestPlatform;
  beforeAll(async () => {
    quiet = await startPlatform({ RUN_JOBS: 'false', CAPTION_DRAFTS: 'true' });
  });
  afterAll(async () => {
    await quiet?.close();
  });

  it('are queued by default, and not when the import is told not to (tests, `import-catalog --no-draft-translations`)', async () => {
    await importWith([{ lang: 'en', label: 'English', text: LESSON_VTT }], 'skipped', quiet, { draftCaptions: false });
    expect(await waitingDrafts(quiet)).toBe(0);
    await importWith([{ lang: 'en', label: 'English', text: LESSON_VTT }], 'by-default', quiet);
    expect(await waitingDrafts(quiet)).toBe(1);
  });
});

describe.skipIf(!APERTIUM)('the caption-drafts job on an instance that works jobs', () => {
  let working: TestPlatform;
  beforeAll(async () => {
    working = await startPlatform({ CAPTION_DRAFTS: 'true' });
  });
  afterAll(async () => {
    await working?.close();
  });

  it('drafts the Spanish track after an import, by itself', async () => {
    await importWith([{ lang: 'en', label: 'English', text: LESSON_VTT }], 'worked', working);
    const track = () => working.ctx.db.selectFrom('caption_tracks').select(['origin', 'label']).where('lang', '=', 'es').executeTakeFirst();
    const deadline = Date.now() + 30_000;
    while (!(await track()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await track()).toEqual({ origin: 'machine', label: 'Español (traducción automática)' });
  }, 40_000);
});
