import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_CATALOG } from '../src/cli/seed-demo.ts';
import type { Db } from '../src/db/client.ts';
import { type ImportOptions, importCatalog } from '../src/modules/catalog-import/import-catalog.ts';
import { rebuildCategoryStats, rebuildMemberPoints } from '../src/modules/learning/learning-stats.queries.ts';
import { ensurePath, replacePathCategories } from '../src/modules/organization/learning-path.queries.ts';
import { renewCatalogVersion } from '../src/modules/settings/catalog-version.ts';
import type { TestPlatform } from './harness.ts';

/**
 * A tiny catalog for catalog, playback and media tests, imported through the real import (one 2 s
 * 320x240 clip shared by every video, so one asset is transcoded). Shape:
 *
 * Experts: eve (English: no language given), max (reads Spanish).
 *
 * - safety (sort 1, essential, challenge link, expert eve)
 *   - safety-basics (sort 1): lockout (test+prod, playbook, experts eve+max, trailer, picture),
 *     ppe (test only), fire (production only)
 *   - safety-advanced (sort 2): confined-space (test+prod, expert eve)
 *   - safety-drafts (sort 3): draft (neither flag: listed nowhere)
 * - lean (sort 2, optional)
 *   - lean-bulk (sort 1): bulk-01..bulk-25 (test+prod, published one day apart)
 */
export type TestCatalog = {
  videos: Record<string, number>;
  categories: Record<string, number>;
  subCategories: Record<string, number>;
  experts: Record<string, number>;
  /** Content hash of the shared media asset. */
  assetHash: string;
};

export const BULK_VIDEOS = 25;
const DAY = 86_400_000;
const BASE_TIME = Date.parse('2026-01-01T00:00:00Z');

const video = (key: string, flags: { in_test: 0 | 1; in_production: 0 | 1 }, extra: Record<string, unknown> = {}) => ({
  key,
  title: key.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase()),
  description: `About ${key}.`,
  media: 'clip.mp4',
  publish_time: BASE_TIME,
  ...flags,
  ...extra,
});

function catalogJson() {
  return {
    experts: [
      { key: 'eve', name: 'Eve Expert', email: 'eve@experts.example', bio: 'Safety lead.', picture: 'face.jpg' },
      { key: 'max', name: 'Max Maker', email: 'max@experts.example', language: 'es' },
    ],
    categories: [
      {
        key: 'safety',
        name: 'Health and Safety',
        picture: 'face.jpg',
        essential: 1,
        sort: 1,
        challenge: 'https://example.com/challenge',
        expert: 'eve',
        sub_categories: [
          {
            key: 'safety-basics',
            name: 'Basics',
            sort: 1,
            videos: [
              video(
                'lockout',
                { in_test: 1, in_production: 1 },
                {
                  image: 'face.jpg',
                  playbook: 'lockout.pdf',
                  experts: ['eve', 'max'],
                  publish_time: BASE_TIME + 40 * DAY,
                  trailers: [{ name: 'Lockout trailer', media: 'clip.mp4' }],
                },
              ),
              video('ppe', { in_test: 1, in_production: 0 }, { experts: ['eve'] }),
              video('fire', { in_test: 0, in_production: 1 }, { publish_time: BASE_TIME + 50 * DAY }),
            ],
          },
          { key: 'safety-advanced', name: 'Advanced', sort: 2, videos: [video('confined-space', { in_test: 1, in_production: 1 }, { experts: ['eve'] })] },
          { key: 'safety-drafts', name: 'Drafts', sort: 3, videos: [video('draft', { in_test: 0, in_production: 0 })] },
        ],
      },
      {
        key: 'lean',
        name: 'Continuous Improvement',
        sort: 2,
        sub_categories: [
          {
            key: 'lean-bulk',
            name: 'Bulk',
            sort: 1,
            videos: Array.from({ length: BULK_VIDEOS }, (_, i) =>
              video(`bulk-${String(i + 1).padStart(2, '0')}`, { in_test: 1, in_production: 1 }, { publish_time: BASE_TIME + i * DAY }),
            ),
          },
        ],
      },
    ],
  };
}

let sourceDir: string | null = null;

/** The clip, picture and playbook, made once per test file. */
function sources(): string {
  if (sourceDir) return sourceDir;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-fixture-'));
  const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-an',
    path.join(dir, 'clip.mp4'),
  );
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', path.join(dir, 'face.jpg'));
  fs.writeFileSync(path.join(dir, 'lockout.pdf'), '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
  fs.writeFileSync(path.join(dir, 'catalog.json'), JSON.stringify(catalogJson()));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  sourceDir = dir;
  return dir;
}

const byKey = (rows: { id: number; key: string }[]) => Object.fromEntries(rows.map((r) => [r.key, r.id]));

/** `options.renditions: 'later'` leaves the clip to be prepared (modules/renditions), as a first start does. */
export async function importTestCatalog(platform: TestPlatform, options: ImportOptions = {}): Promise<TestCatalog> {
  await importCatalog(platform.ctx, path.join(sources(), 'catalog.json'), undefined, options);
  const db = platform.ctx.db;
  const [videos, categories, subCategories, experts, asset] = await Promise.all([
    db.selectFrom('videos').select(['id', 'key']).execute(),
    db.selectFrom('categories').select(['id', 'key']).execute(),
    db.selectFrom('sub_categories').select(['id', 'key']).execute(),
    db.selectFrom('experts').select(['id', 'key']).execute(),
    db.selectFrom('media_assets').select('content_hash').executeTakeFirstOrThrow(),
  ]);
  return { videos: byKey(videos), categories: byKey(categories), subCategories: byKey(subCategories), experts: byKey(experts), assetHash: asset.content_hash };
}

/**
 * Imports the fixture catalog again after `change` edits a copy of its JSON; `files` are written beside it first
 * (a new playbook, say). What a content team's re-import does.
 */
export async function reimportTestCatalog(
  platform: TestPlatform,
  change: (catalog: ReturnType<typeof catalogJson>) => void,
  files: Record<string, string> = {},
) {
  const dir = sources();
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  const catalog = catalogJson();
  change(catalog);
  const file = path.join(dir, `catalog-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(catalog));
  return importCatalog(platform.ctx, file);
}

/** A ready media asset row without files, for tests that insert catalog rows directly (no transcoding). */
export async function insertFakeAsset(db: Db, hashChar: string, durationSeconds: number): Promise<number> {
  const t = Date.now();
  const row = await db
    .insertInto('media_assets')
    .values({
      content_hash: hashChar.repeat(64),
      kind: 'video',
      source_path: 'x.mp4',
      duration_seconds: durationSeconds,
      width: 640,
      height: 360,
      renditions: '[]',
      playlist_path: 'x/master.m3u8',
      poster_path: 'x/poster.jpg',
      status: 'ready',
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type DemoCatalogFile = {
  categories: Array<{
    key: string;
    name: string;
    essential: number;
    sort: number;
    sub_categories: Array<{
      key: string;
      name: string;
      sort: number;
      videos: Array<{ key: string; title: string; description: string; publish_time: string; in_test: 0 | 1; in_production: 0 | 1 }>;
    }>;
  }>;
};

/** A demo lesson's length: the end of its last caption (the captions are cut from the same narration as the lesson). */
export function demoLessonSeconds(key: string): number {
  const vtt = fs.readFileSync(path.join(path.dirname(DEMO_CATALOG), 'media', 'captions', `${key}.en.vtt`), 'utf8');
  const [h = '0', m = '0', sec = '0'] = (vtt.match(/--> (\S+)/g)?.at(-1) ?? '--> 0:0:0').slice(4).split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(sec);
}

/**
 * The demo catalog's categories, sub-categories and lessons (keys, titles, order, flags) inserted without probing or
 * transcoding, every lesson on one stand-in asset (hash 'e'), lengths from `lessonSeconds`; answers that asset's id.
 * For tests about the demo's data, not its renditions.
 */
export async function insertDemoCatalog(db: Db, lessonSeconds: (key: string) => number): Promise<number> {
  const t = Date.now();
  const catalog = JSON.parse(fs.readFileSync(DEMO_CATALOG, 'utf8')) as DemoCatalogFile;
  const assetId = await insertFakeAsset(db, 'e', 90);
  for (const category of catalog.categories) {
    const { id } = await db
      .insertInto('categories')
      .values({
        key: category.key,
        name: category.name,
        picture: null,
        essential: category.essential,
        sort: category.sort,
        challenge: '',
        expert_id: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const sub of category.sub_categories) {
      const row = await db
        .insertInto('sub_categories')
        .values({ key: sub.key, category_id: id, name: sub.name, sort: sub.sort, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const v of sub.videos)
        await db
          .insertInto('videos')
          .values({
            key: v.key,
            title: v.title,
            description: v.description,
            category_id: id,
            sub_category_id: row.id,
            media_asset_id: assetId,
            duration_seconds: Math.round(lessonSeconds(v.key)),
            image: null,
            playbook_path: null,
            publish_time: Date.parse(v.publish_time),
            in_test: v.in_test,
            in_production: v.in_production,
            created_at: t,
            updated_at: t,
          })
          .execute();
    }
  }
  await renewCatalogVersion(db);
  return assetId;
}

type WatchRow = { user_id: number; video_id: number; seconds: number; watched_at: number | null; last_watched_at: number; created_at: number };

/**
 * Watch history written straight into video_watch (faster than reports for large or back-dated
 * histories), then the kept figures (category stats, points) recomputed from it, as after an import.
 */
export async function insertWatchHistory(db: Db, rows: WatchRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('video_watch')
      .values(rows.slice(i, i + 500))
      .execute();
  await rebuildCategoryStats(db);
  await rebuildMemberPoints(db);
}

/** A listed (test and production) video row inserted directly, for tests that build their catalog by hand; answers its id. */
export async function insertTestVideo(
  db: Db,
  v: { key: string; category_id: number; sub_category_id: number; media_asset_id: number; duration_seconds: number; title?: string },
): Promise<number> {
  const t = Date.now();
  const row = await db
    .insertInto('videos')
    .values({
      title: `Video ${v.key}`,
      ...v,
      description: '',
      image: null,
      playbook_path: null,
      publish_time: t,
      in_test: 1,
      in_production: 1,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // As an import would: what the instances keep from the catalog is built again.
  await renewCatalogVersion(db);
  return row.id;
}

/**
 * Saves the organization's path as the catalog's categories, all optional, so nothing is locked: for tests about
 * other rules that play videos of a later category (the test catalog's own path locks Lean behind Safety).
 */
export async function openWholeCatalog(platform: TestPlatform, organizationId: number): Promise<void> {
  const db = platform.ctx.db;
  const categories = await db.selectFrom('categories').select('id').orderBy('sort').orderBy('id').execute();
  const pathId = await ensurePath(db, organizationId, null);
  await replacePathCategories(
    db,
    pathId,
    categories.map((c, i) => ({ category_id: c.id, position: i + 1, essential: 0 })),
  );
}
