import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWholeCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { parseQuery } from '../../lib/search-text.ts';
import { draftCaptions } from '../captions/caption-drafts.ts';
import { importCatalog } from '../catalog-import/import-catalog.ts';
import { searchCues } from './search.queries.ts';

/**
 * Search per language (issue 40) on the database the run points at (SQLite, or PostgreSQL with DATABASE_URL):
 * - one moment per lesson and second, the member's language first: `lockout` is English and its Spanish draft keeps it
 *   as written, so both tracks of `press-lockout` hold it at 5 s;
 * - Spanish transcripts: accents ignored on both engines, Spanish stems on PostgreSQL (`spanish` configuration).
 *
 * Lessons: press-lockout (English, drafted to Spanish by Apertium), guard-lockout (English only, never drafted),
 * valve-check (the author's Spanish only).
 */
const APERTIUM = spawnSync('sh', ['-c', 'command -v apertium']).status === 0;

let platform: TestPlatform;
let dir: string;
let english: string;
let spanish: string;
const ids: Record<string, number> = {};

const vtt = (...cues: [string, string][]) => `WEBVTT\n\n${cues.map(([at, text]) => `${at}\n${text}\n`).join('\n')}`;

function writeCatalog() {
  const lessons = {
    'press-lockout': [
      'en',
      vtt(['00:00:05.000 --> 00:00:08.000', 'Apply your lockout lock to the breaker.'], ['00:00:12.000 --> 00:00:15.000', 'Inspect the valve.']),
    ],
    'guard-lockout': ['en', vtt(['00:00:50.000 --> 00:00:53.000', 'The lockout box stays by the guard.'])],
    'valve-check': [
      'es',
      vtt(
        ['00:00:30.000 --> 00:00:33.000', 'Verifique que la válvula quedó bloqueada.'],
        ['00:00:40.000 --> 00:00:43.000', 'La inspeccion diaria de las prensas.'],
        ['00:00:46.000 --> 00:00:49.000', 'Inspección del lockout general.'],
      ),
    ],
  };
  const videos = Object.entries(lessons).map(([key, [lang, text]]) => {
    fs.writeFileSync(path.join(dir, `${key}.vtt`), text as string);
    return {
      key,
      title: key,
      description: 'A lesson.',
      media: 'clip.mp4',
      publish_time: '2026-01-01',
      in_test: 1,
      in_production: 1,
      captions: [{ lang, label: lang === 'en' ? 'English' : 'Español', file: `${key}.vtt` }],
    };
  });
  const catalog = {
    experts: [],
    categories: [{ key: 'safety', name: 'Safety', sort: 1, essential: 0, sub_categories: [{ key: 'basics', name: 'Basics', sort: 1, videos }] }],
  };
  fs.writeFileSync(path.join(dir, 'catalog.json'), JSON.stringify(catalog));
  return path.join(dir, 'catalog.json');
}

const search = async (token: string, q: string) =>
  (
    (await platform.api('GET', '/api/search', { token, query: { q } })).body.data.cues.items as {
      admin_video_id: number;
      start_seconds: number;
      lang: string;
    }[]
  ).map((c) => [Object.keys(ids).find((k) => ids[k] === c.admin_video_id), c.start_seconds, c.lang]);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-search-lang-'));
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an', path.join(dir, 'clip.mp4')],
  ]);
  platform = await startPlatform({ RUN_JOBS: 'false' });
  await importCatalog(platform.ctx, writeCatalog());
  for (const v of await platform.ctx.db.selectFrom('videos').select(['id', 'key']).execute()) ids[v.key] = v.id;
  const org = await organizationWithMembers(platform, 'Acme');
  await openWholeCatalog(platform, org.organizationId);
  english = org.member.token;
  spanish = org.superUser.token;
  expect((await platform.api('POST', '/api/set_locale', { token: spanish, json: { locale: 'es' } })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await platform?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!APERTIUM)('one moment per lesson and second, from the member\u2019s language first', () => {
  beforeAll(async () => {
    expect(await draftCaptions(platform.ctx, ids['press-lockout'] as number)).toBe('drafted');
  }, 60_000);

  it('an English member finds a word the Spanish draft keeps as written once, from the English track, English moments first', async () => {
    expect(await search(english, 'lockout')).toEqual([
      ['press-lockout', 5, 'en'],
      ['guard-lockout', 50, 'en'],
      ['valve-check', 46, 'es'],
    ]);
  });

  it('a Spanish member gets the same moments from the Spanish tracks first, then the English one', async () => {
    const found = await search(spanish, 'lockout');
    expect(found.slice(0, 2).sort()).toEqual([
      ['press-lockout', 5, 'es'],
      ['valve-check', 46, 'es'],
    ]);
    expect(found.slice(2)).toEqual([['guard-lockout', 50, 'en']]);
  });

  it('a Spanish member finds a Spanish word of a drafted track at its cue\u2019s second', async () => {
    // Apertium: "Inspect the valve." at 12 s is "Inspeccionar la válvula."
    expect(await search(spanish, 'valvula')).toContainEqual(['press-lockout', 12, 'es']);
    expect(await search(spanish, 'inspeccionar')).toContainEqual(['press-lockout', 12, 'es']);
  });

  it('ranking every match (the exact path) keeps the same moments in the same order', async () => {
    const scope = { categoryIds: [(await platform.ctx.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id], hiddenVideoIds: [] };
    const query = parseQuery('lockout')!;
    const exact = async (language: string) =>
      (await searchCues(platform.ctx.db, platform.ctx.dialect, query, scope, { skip: 0, take: 10 }, 1000, language)).rows.map((r) => [
        Object.keys(ids).find((k) => ids[k] === r.video_id),
        Math.floor(Number(r.start_ms) / 1000),
        r.lang,
      ]);
    expect(await exact('en')).toEqual(await search(english, 'lockout'));
    const inSpanish = await exact('es');
    expect(inSpanish).toHaveLength(3);
    expect(inSpanish.slice(0, 2).every((m) => m[2] === 'es')).toBe(true);
    expect(inSpanish[2]).toEqual(['guard-lockout', 50, 'en']);
  });
});

describe('Spanish transcripts', () => {
  it('are found with or without accents, on both engines', async () => {
    expect(await search(spanish, 'inspección diaria')).toEqual([['valve-check', 40, 'es']]);
    expect(await search(spanish, 'inspeccion general')).toEqual([['valve-check', 46, 'es']]);
    expect(await search(spanish, 'válvula bloqueada')).toEqual([['valve-check', 30, 'es']]);
  });

  it('are found by another form of the word with Spanish stemming on PostgreSQL; SQLite matches the words as written', async () => {
    const stemmed = platform.ctx.dialect === 'postgres';
    // "bloqueada" and "bloquear", "válvula" and "válvulas", "prensas" and "prensa" share their Spanish stems.
    expect(await search(spanish, 'bloquear valvulas')).toEqual(stemmed ? [['valve-check', 30, 'es']] : []);
    expect(await search(spanish, 'prensa inspeccion')).toEqual(stemmed ? [['valve-check', 40, 'es']] : []);
    // The last word is a prefix on both engines: "bloque" finds "bloqueada".
    expect(await search(spanish, 'valvula bloque')).toEqual([['valve-check', 30, 'es']]);
  });

  it('an English transcript is never matched by a Spanish stem', async () => {
    // "valves" stemmed as Spanish is "valv", a prefix of the English cue's "valve": only Spanish cues may match it.
    expect((await search(english, 'valves')).filter(([, , lang]) => lang !== 'es')).toEqual([]);
  });
});
