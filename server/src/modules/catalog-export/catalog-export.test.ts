import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { CAPTION_DRAFTS_QUEUE, TITLE_DRAFTS_QUEUE } from '../captions/index.ts';
import { catalogFileSchema } from '../catalog/catalog-file.schema.ts';
import { validateCatalog } from '../catalog/catalog-validation.ts';
import { importCatalog } from '../catalog-import/import-catalog.ts';
import { RENDITIONS_QUEUE } from '../renditions/index.ts';
import { CatalogExportError, exportCatalog } from './catalog-export.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../../..');

let platform: TestPlatform;
let dir: string;

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** Two tiny clips (one for the lessons, one for the trailer), a picture, a playbook and two caption tracks. */
function makeSources(): void {
  const clip = (name: string, size: string) =>
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=25`,
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-an',
      path.join(dir, name),
    );
  clip('clip.mp4', '320x240');
  clip('trailer.mp4', '160x120');
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', path.join(dir, 'face.jpg'));
  fs.writeFileSync(path.join(dir, 'lockout.pdf'), '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
  fs.writeFileSync(path.join(dir, 'en.vtt'), 'WEBVTT\n\n00:00.000 --> 00:00.800\nLock the <b>main</b> switch.\n');
  fs.writeFileSync(path.join(dir, 'es.vtt'), 'WEBVTT\n\n00:00.000 --> 00:00.800\nBloquea el interruptor principal.\n');
}

const section = (n: number) => ({ title: `Section ${n}`, description: `About ${n}`, video: 'clip.mp4' });

/** Every field the catalog file knows, once at least. */
function fixtureCatalog() {
  return {
    experts: [
      { key: 'eve', name: 'Eve Expert', email: 'Eve@Example.com', bio: 'Safety lead.', picture: 'face.jpg' },
      { key: 'max', name: 'Max Maker', email: 'max@example.com', language: 'es' },
      { key: 'ida', name: 'Ida Idle', email: 'ida@example.com' },
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
        translations: { es: { name: 'Salud y seguridad' } },
        sub_categories: [
          {
            key: 'safety-basics',
            name: 'Basics',
            sort: 1,
            translations: { es: { name: 'Lo básico' } },
            videos: [
              {
                key: 'lockout',
                title: 'Lockout/Tagout',
                description: 'Isolate energy.',
                media: 'clip.mp4',
                image: 'face.jpg',
                playbook: 'lockout.pdf',
                experts: ['max', 'eve'],
                publish_time: '2026-01-15',
                in_test: 1,
                in_production: 0,
                trailers: [{ name: 'Lockout trailer', media: 'trailer.mp4', image: 'face.jpg' }],
                captions: [
                  { lang: 'en', label: 'English', file: 'en.vtt' },
                  { lang: 'es', label: 'Español', file: 'es.vtt' },
                ],
                translations: { es: { title: 'Bloqueo y etiquetado', description: 'Aislar la energía.' } },
              },
              { key: 'ppe', title: 'PPE', media: 'clip.mp4', publish_time: 1767225600000, experts: ['eve'] },
            ],
          },
        ],
      },
      {
        key: 'lean',
        name: 'Continuous Improvement',
        sort: 2,
        sub_categories: [
          {
            key: 'lean-basics',
            name: 'Lean Basics',
            sort: 1,
            videos: [{ key: 'five-s', title: '5S', media: 'clip.mp4', publish_time: '2026-02-01T09:00:00Z' }],
          },
          { key: 'lean-empty', name: 'Coming soon', sort: 2 },
        ],
      },
    ],
    plans: [
      {
        key: 'team',
        title: 'Team',
        price_id: 'price_team',
        currency: 'USD',
        amount: 14900,
        months: 1,
        no_of_account: 5,
        description: 'Five seats',
        popular: 1,
      },
    ],
    pages: [{ unique_id: 'terms', page_type: 'terms', title: 'Terms', description: '<p>The <strong>terms</strong>.</p>' }],
    faqs: [
      { question: 'What is it?', answer: '<p>Videos.</p>' },
      { question: 'How much?', answer: '<p>$149.</p>' },
    ],
    landing: { banner_title: 'Learn from experts', banner_video: 'trailer.mp4', sections: [section(1), section(2), section(3)] },
  };
}

/** The tables an import writes, the catalog version and the search index among them: every row, every column. */
const WRITTEN_TABLES = [
  'experts',
  'categories',
  'sub_categories',
  'videos',
  'video_revisions',
  'video_experts',
  'trailers',
  'media_assets',
  'media_preparations',
  'plans',
  'pages',
  'faqs',
  'landing_content',
  'caption_tracks',
  'caption_cues',
  'video_title_translations',
  'category_name_translations',
  'sub_category_name_translations',
  'search_documents',
  'settings',
] as const;

async function snapshot(of: TestPlatform = platform) {
  const tables: Record<string, string[]> = {};
  for (const table of WRITTEN_TABLES) tables[table] = (await of.ctx.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
  return tables;
}

/** The jobs an import may queue (drafts, renditions), by queue and state; the clocks' queues tick on their own. */
const IMPORT_QUEUES: string[] = [CAPTION_DRAFTS_QUEUE, TITLE_DRAFTS_QUEUE, RENDITIONS_QUEUE];
const jobFigures = async () => JSON.stringify((await platform.ctx.jobs.stats()).filter((q) => IMPORT_QUEUES.includes(q.name)));

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `mm-export-${name}-`));
const readJson = (directory: string) => JSON.parse(fs.readFileSync(path.join(directory, 'catalog.json'), 'utf8'));
const filesIn = (directory: string) =>
  (fs.readdirSync(directory, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(directory, f)).isFile()).sort();
const exportsMade: string[] = [];
const newExportDir = () => {
  const made = path.join(tempDir('out'), 'export');
  exportsMade.push(path.dirname(made));
  return made;
};

beforeAll(async () => {
  platform = await startPlatform();
  dir = tempDir('sources');
  makeSources();
  fs.writeFileSync(path.join(dir, 'catalog.json'), JSON.stringify(fixtureCatalog()));
  await importCatalog(platform.ctx, path.join(dir, 'catalog.json'), undefined, { draftCaptions: false });
}, 120_000);
afterAll(async () => {
  await platform.close();
  for (const d of [dir, ...exportsMade]) fs.rmSync(d, { recursive: true, force: true });
});

describe('export-catalog', () => {
  it('writes the catalog as the import reads it; importing it back changes no row, renews no version and queues no job', async () => {
    const out = newExportDir();
    const summary = await exportCatalog(platform.ctx, out);
    expect(summary).toEqual({ experts: 3, categories: 2, subCategories: 3, videos: 3, trailers: 1, plans: 1, pages: 1, faqs: 2, landing: 1, files: 7 });
    // Two clips, one picture, one playbook, two caption tracks, the JSON.
    const files = filesIn(out);
    expect(files).toHaveLength(7);
    expect(files.filter((f) => f.startsWith('media/'))).toHaveLength(2);
    expect(files.filter((f) => f.startsWith('captions/'))).toHaveLength(2);
    expect(files.filter((f) => f.startsWith('pictures/'))).toHaveLength(1);
    expect(files.filter((f) => f.startsWith('playbooks/'))).toHaveLength(1);
    // The import's own schema accepts the JSON (every file named is there, each media probes).
    const valid = await validateCatalog(path.join(out, 'catalog.json'));
    expect(valid.catalog.categories.map((c) => c.key)).toEqual(['safety', 'lean']);
    const exported = readJson(out);
    const lockout = exported.categories[0].sub_categories[0].videos[0];
    expect(lockout).toMatchObject({
      key: 'lockout',
      experts: ['eve', 'max'],
      publish_time: Date.parse('2026-01-15'),
      in_test: 1,
      in_production: 0,
      translations: { es: { title: 'Bloqueo y etiquetado', description: 'Aislar la energía.' } },
    });
    expect(lockout.captions.map((c: { lang: string }) => c.lang)).toEqual(['en', 'es']);
    expect(exported.experts[0]).toMatchObject({ key: 'eve', email: 'eve@example.com', picture: expect.stringMatching(/^pictures\/[0-9a-f]{32}\.jpg$/) });
    expect(exported.categories[0].translations).toEqual({ es: { name: 'Salud y seguridad' } });
    expect(exported.faqs).toEqual(fixtureCatalog().faqs);
    expect(exported.landing.sections).toHaveLength(3);

    const before = await snapshot();
    const jobs = await jobFigures();
    // Drafts asked for: an import that changes something queues the Spanish drafts of the titles without one.
    const again = await importCatalog(platform.ctx, path.join(out, 'catalog.json'), undefined, { draftCaptions: true });
    expect(again.changed).toBe(false);
    expect(again.media).toEqual({ transcoded: 0, unchanged: 2, pending: 0 });
    expect(await snapshot()).toEqual(before);
    expect(await jobFigures()).toBe(jobs);

    // A second export of the same platform is the same file.
    const second = newExportDir();
    await exportCatalog(platform.ctx, second);
    expect(readJson(second)).toEqual(exported);
    expect(filesIn(second)).toEqual(files);
  }, 120_000);

  it('the original file imported again changes nothing either, and a real change still writes and renews the version', async () => {
    const before = await snapshot();
    const same = await importCatalog(platform.ctx, path.join(dir, 'catalog.json'));
    expect(same.changed).toBe(false);
    expect(await snapshot()).toEqual(before);

    const changed = fixtureCatalog();
    changed.categories[1]!.name = 'Lean Manufacturing';
    fs.writeFileSync(path.join(dir, 'changed.json'), JSON.stringify(changed));
    const version = async () =>
      (await platform.ctx.db.selectFrom('settings').select('value').where('key', '=', 'catalog_version').executeTakeFirst())?.value ?? null;
    const versionBefore = await version();
    expect((await importCatalog(platform.ctx, path.join(dir, 'changed.json'))).changed).toBe(true);
    expect(await version()).not.toBe(versionBefore);
    const rows = await platform.ctx.db.selectFrom('categories').select(['key', 'name', 'updated_at']).orderBy('key').execute();
    const stamp = (key: string) => rows.find((r) => r.key === key)!.updated_at;
    expect(stamp('lean')).toBeGreaterThan(stamp('safety'));
    // Back as it was for the other cases.
    await importCatalog(platform.ctx, path.join(dir, 'catalog.json'));
  }, 60_000);

  it('exports one category (by key or id) with its experts only; imported back it changes nothing, the FAQs and landing included', async () => {
    const out = newExportDir();
    const summary = await exportCatalog(platform.ctx, out, { category: 'safety' });
    expect(summary).toMatchObject({ experts: 2, categories: 1, subCategories: 1, videos: 2, trailers: 1, plans: 0, faqs: 0, landing: 0 });
    const exported = readJson(out);
    expect(exported.experts.map((e: { key: string }) => e.key)).toEqual(['eve', 'max']);
    expect(Object.keys(exported).sort()).toEqual(['categories', 'experts']);
    const schema = catalogFileSchema({ media: () => undefined, image: () => undefined, playbook: () => undefined, captions: () => undefined });
    expect(schema.safeParse(exported).success).toBe(true);

    const before = await snapshot();
    const again = await importCatalog(platform.ctx, path.join(out, 'catalog.json'), undefined, { draftCaptions: true });
    expect(again.changed).toBe(false);
    expect(await snapshot()).toEqual(before);

    const lean = await platform.ctx.db.selectFrom('categories').select('id').where('key', '=', 'lean').executeTakeFirstOrThrow();
    const byId = newExportDir();
    expect(await exportCatalog(platform.ctx, byId, { category: String(lean.id) })).toMatchObject({ experts: 0, categories: 1, subCategories: 2, videos: 1 });
    expect(readJson(byId).categories[0].key).toBe('lean');
  }, 60_000);

  it('an exported category imported into an empty platform reproduces it', async () => {
    const out = newExportDir();
    await exportCatalog(platform.ctx, out, { category: 'safety' });
    const empty = await startPlatform();
    try {
      const summary = await importCatalog(empty.ctx, path.join(out, 'catalog.json'));
      expect(summary).toMatchObject({ experts: 2, categories: 1, subCategories: 1, videos: 2, trailers: 1, changed: true });
      expect(summary.media.transcoded).toBe(2);
      // Exported again from there, it is the same category, file for file.
      const back = newExportDir();
      await exportCatalog(empty.ctx, back, { category: 'safety' });
      expect(readJson(back)).toEqual(readJson(out));
      expect(filesIn(back)).toEqual(filesIn(out));
      // The rows themselves, ids and times aside.
      const rows = async (of: TestPlatform) => {
        const db = of.ctx.db;
        const videos = await db
          .selectFrom('videos')
          .innerJoin('categories', 'categories.id', 'videos.category_id')
          .innerJoin('media_assets', 'media_assets.id', 'videos.media_asset_id')
          .select([
            'videos.key',
            'videos.title',
            'videos.duration_seconds',
            'videos.image',
            'videos.playbook_path',
            'videos.publish_time',
            'videos.in_test',
            'videos.in_production',
            'media_assets.content_hash',
            'media_assets.width',
          ])
          .where('categories.key', '=', 'safety')
          .orderBy('videos.key')
          .execute();
        const category = await db.selectFrom('categories').select(['name', 'picture', 'essential', 'sort', 'challenge']).where('key', '=', 'safety').execute();
        const tracks = await db
          .selectFrom('caption_tracks')
          .innerJoin('videos', 'videos.id', 'caption_tracks.video_id')
          .select(['videos.key', 'caption_tracks.lang', 'caption_tracks.label', 'caption_tracks.content_hash', 'caption_tracks.sort'])
          .orderBy('videos.key')
          .orderBy('caption_tracks.sort')
          .execute();
        return { videos, category, tracks };
      };
      expect(await rows(empty)).toEqual(await rows(platform));
    } finally {
      await empty.close();
    }
  }, 120_000);

  it('refuses a directory that is not empty, an unknown category, and a media source no longer on the machine (writing nothing)', async () => {
    const full = tempDir('full');
    exportsMade.push(full);
    fs.writeFileSync(path.join(full, 'note.txt'), 'keep me');
    await expect(exportCatalog(platform.ctx, full)).rejects.toThrow(/is not empty: export into a new or empty directory/);
    await expect(exportCatalog(platform.ctx, newExportDir(), { category: 'nope' })).rejects.toThrow('No category has the key or id "nope".');

    // A platform whose media came from a folder since deleted.
    const moved = tempDir('moved');
    exportsMade.push(moved);
    for (const name of fs.readdirSync(dir)) fs.copyFileSync(path.join(dir, name), path.join(moved, name));
    const other = await startPlatform();
    try {
      await importCatalog(other.ctx, path.join(moved, 'catalog.json'));
      fs.rmSync(path.join(moved, 'trailer.mp4'));
      const out = newExportDir();
      const error = await exportCatalog(other.ctx, out).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CatalogExportError);
      expect((error as CatalogExportError).problems).toEqual([
        `video lockout's trailer 1: its source ${path.join(moved, 'trailer.mp4')} is no longer on this machine (import the catalog again from its folder first)`,
      ]);
      expect(fs.existsSync(out)).toBe(false);
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('npm run platform -- export-catalog', () => {
  const cli = (dataDir: string, ...args: string[]) =>
    run('npx', ['tsx', 'src/cli/platform.ts', ...args], { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
    );

  it('exports into a directory and says what; usage errors in words', async () => {
    const dataDir = tempDir('cli');
    exportsMade.push(dataDir);
    const usage = await cli(dataDir, 'export-catalog');
    expect([usage.code, usage.stderr.trim()]).toEqual([1, 'Error: Usage: export-catalog <directory> [--category <key or id> | --organization <id>]']);

    const out = path.join(dataDir, 'out');
    const unknown = await cli(dataDir, 'export-catalog', out, '--category', 'nope');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'Error: No category has the key or id "nope".']);
    const ok = await cli(dataDir, 'export-catalog', out);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(
      `Catalog exported to ${out}: 0 experts, 0 categories, 0 sub-categories, 0 videos, 0 trailers, 0 plans, 0 pages, 0 FAQs (1 file).`,
    );
    expect(readJson(out)).toEqual({ experts: [], categories: [], plans: [], pages: [], faqs: [] });
  }, 180_000);
});
