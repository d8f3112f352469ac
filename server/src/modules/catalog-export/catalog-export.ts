import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { countOf } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { MEDIA_KEY_PREFIX } from '../../lib/storage/storage.ts';
import { CAPTIONS_FILE } from '../captions/index.ts';
import type { CatalogCounts, CatalogFileInput } from '../catalog/index.ts';
import {
  exportedAssets,
  exportedCaptionTracks,
  exportedCategories,
  exportedCategoryNames,
  exportedExperts,
  exportedFaqs,
  exportedLanding,
  exportedPages,
  exportedPlans,
  exportedSubCategories,
  exportedSubCategoryNames,
  exportedTitleTranslations,
  exportedTrailers,
  exportedVideoExperts,
  exportedVideos,
} from './catalog-export.queries.ts';

/**
 * `export-catalog`: the platform catalog (or one category) written as a directory that `import-catalog
 * <dir>/catalog.json` reads back: the catalog JSON (the import's own schema) beside the files it names, by content:
 *
 *   catalog.json
 *   media/<first 16 hex of the source's SHA-256>.<source's extension>   the media as imported (same bytes, same asset)
 *   pictures/<stored name>, playbooks/<stored name>                     as the store keeps them (named by content)
 *   captions/<first 16 hex of the track's hash>.vtt                     the stored (sanitized) author track
 *
 * Importing it back into the same platform writes nothing (catalog-upsert: a row already as the file has it is left
 * alone). Pictures, playbooks and captions are read through the store (local or bucket); the media are the sources
 * the import recorded (media_assets.source_path, on the machine that imported them, as the renditions' preparation
 * reads them), checked against their content hash so the same asset comes back.
 */

export const CATALOG_JSON = 'catalog.json';

/** What an export wrote: the catalog's counts as the import reports them, and the files copied beside it. */
export type ExportSummary = CatalogCounts & { files: number };

/** Every problem found before (or while) writing; nothing stays in the directory. */
export class CatalogExportError extends AppError {
  constructor(readonly problems: string[]) {
    super(400, `The export has ${countOf(problems.length, 'problem')}; nothing was exported:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** A file of the export: a stored object (picture, playbook, caption track) or a media source on this machine. */
type Source = StoredFile | { kind: 'media'; file: string; hash: string; what: string };

/** `category`: a category's key, or its id (a number no category has as key); null: the whole catalog. */
export type ExportOptions = { category?: string | null };

const flag = (value: number): 0 | 1 => (value ? 1 : 0);

/** Whether the export's directory exists already (empty); refused when it is a file or holds anything. */
export function assertWritableDirectory(directory: string): boolean {
  const stat = fs.statSync(directory, { throwIfNoEntry: false });
  if (!stat) return false;
  if (!stat.isDirectory()) throw new AppError(400, `${directory} is not a directory.`);
  if (fs.readdirSync(directory).length) throw new AppError(400, `${directory} is not empty: export into a new or empty directory.`);
  return true;
}

/** Writes the export into `directory` (new or empty) and answers what it holds. */
export async function exportCatalog(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  directory: string,
  { category = null }: ExportOptions = {},
): Promise<ExportSummary> {
  const dir = path.resolve(directory);
  const existed = assertWritableDirectory(dir);
  const { db } = ctx;
  const whole = category === null;

  const categories = await exportedCategories(db, category);
  if (!whole && !categories.length) throw new AppError(404, `No category has the key or id "${category}".`);
  const categoryIds = categories.map((c) => c.id);
  const subCategories = await exportedSubCategories(db, categoryIds);
  const subCategoryIds = subCategories.map((s) => s.id);
  const videos = await exportedVideos(db, subCategoryIds);
  const videoIds = videos.map((v) => v.id);
  const [videoExperts, trailers, tracks, titles, categoryNames, subCategoryNames] = await Promise.all([
    exportedVideoExperts(db, videoIds),
    exportedTrailers(db, videoIds),
    exportedCaptionTracks(db, videoIds),
    exportedTitleTranslations(db, videoIds),
    exportedCategoryNames(db, categoryIds),
    exportedSubCategoryNames(db, subCategoryIds),
  ]);
  const expertIds = [...new Set([...categories.flatMap((c) => (c.expert_id === null ? [] : [c.expert_id])), ...videoExperts.map((e) => e.expert_id)])];
  const experts = await exportedExperts(db, whole ? null : expertIds);
  const expertKey = new Map(experts.map((e) => [e.id, e.key]));
  // Plans, pages, FAQs and the landing belong to the whole catalog: a category's file leaves them out (and its import alone).
  const plans = whole ? await exportedPlans(db) : [];
  const pages = whole ? await exportedPages(db) : [];
  const faqs = whole ? await exportedFaqs(db) : [];
  const landing = whole ? await exportedLanding(db) : undefined;
  const assetIds = [
    ...videos.map((v) => v.media_asset_id),
    ...trailers.map((t) => t.media_asset_id),
    ...(landing ? [landing.banner_video_asset_id, landing.section1_video_asset_id, landing.section2_video_asset_id, landing.section3_video_asset_id] : []),
  ];
  const assets = new Map((await exportedAssets(db, [...new Set(assetIds)])).map((a) => [a.id, a]));

  // Each file once, by its name in the export.
  const files = new Map<string, Source>();
  const picture = (url: string | null, what: string): string | undefined => {
    if (!url) return undefined;
    const key = url.replace(/^\/+/, '');
    const name = `pictures/${path.posix.basename(key)}`;
    if (!files.has(name)) files.set(name, { kind: 'stored', key, what });
    return name;
  };
  const playbook = (key: string | null, what: string): string | undefined => {
    if (!key) return undefined;
    const name = `playbooks/${path.posix.basename(key)}`;
    if (!files.has(name)) files.set(name, { kind: 'stored', key, what });
    return name;
  };
  const caption = (contentHash: string, what: string): string => {
    const name = `captions/${contentHash.slice(0, 16)}.vtt`;
    if (!files.has(name)) files.set(name, { kind: 'stored', key: `${MEDIA_KEY_PREFIX}${contentHash}/${CAPTIONS_FILE}`, what });
    return name;
  };
  const media = (assetId: number, what: string): string => {
    const asset = assets.get(assetId)!;
    const extension = path.extname(asset.source_path).toLowerCase();
    const name = `media/${asset.content_hash.slice(0, 16)}${/^\.[a-z0-9]{1,5}$/.test(extension) ? extension : '.mp4'}`;
    if (!files.has(name)) files.set(name, { kind: 'media', file: asset.source_path, hash: asset.content_hash, what });
    return name;
  };

  const namesOf = (rows: { id: number; locale: string; name: string }[], id: number) =>
    Object.fromEntries(rows.filter((r) => r.id === id).map((r) => [r.locale, { name: r.name }]));
  const catalog: CatalogFileInput = {
    experts: experts.map((e) => ({
      key: e.key,
      name: e.name,
      email: e.email,
      bio: e.bio,
      picture: picture(e.picture, `expert ${e.key}'s picture`),
      ...(e.language !== null && { language: e.language as 'en' | 'es' }),
    })),
    categories: categories.map((c) => ({
      key: c.key,
      name: c.name,
      picture: picture(c.picture, `category ${c.key}'s picture`),
      essential: flag(c.essential),
      sort: c.sort,
      challenge: c.challenge,
      expert: c.expert_id === null ? undefined : expertKey.get(c.expert_id),
      sub_categories: subCategories
        .filter((s) => s.category_id === c.id)
        .map((s) => ({
          key: s.key,
          name: s.name,
          sort: s.sort,
          videos: videos
            .filter((v) => v.sub_category_id === s.id)
            .map((v) => ({
              key: v.key,
              title: v.title,
              description: v.description,
              media: media(v.media_asset_id, `video ${v.key}'s media`),
              image: picture(v.image, `video ${v.key}'s picture`),
              playbook: playbook(v.playbook_path, `video ${v.key}'s playbook`),
              experts: videoExperts.filter((e) => e.video_id === v.id).map((e) => e.key),
              publish_time: v.publish_time,
              in_test: flag(v.in_test),
              in_production: flag(v.in_production),
              trailers: trailers
                .filter((t) => t.video_id === v.id)
                .map((t) => ({
                  name: t.name,
                  media: media(t.media_asset_id, `video ${v.key}'s trailer ${t.sort + 1}`),
                  image: picture(t.image, `video ${v.key}'s trailer ${t.sort + 1} picture`),
                })),
              captions: tracks
                .filter((t) => t.video_id === v.id)
                .map((t) => ({ lang: t.lang, label: t.label, file: caption(t.content_hash, `video ${v.key}'s ${t.lang} captions`) })),
              translations: Object.fromEntries(
                titles.filter((t) => t.video_id === v.id).map((t) => [t.locale, { title: t.title, description: t.description }]),
              ),
            })),
          translations: namesOf(subCategoryNames, s.id),
        })),
      translations: namesOf(categoryNames, c.id),
    })),
  };
  if (whole) {
    catalog.plans = plans.map((p) => ({
      key: p.key,
      title: p.title,
      price_id: p.price_id,
      currency: p.currency,
      amount: p.amount,
      months: p.months,
      no_of_account: p.no_of_account,
      description: p.description,
      popular: flag(p.popular),
    }));
    catalog.pages = pages.map((p) => ({ unique_id: p.unique_id, page_type: p.page_type, title: p.title, description: p.description }));
    catalog.faqs = faqs.map((f) => ({ question: f.question, answer: f.answer }));
    if (landing) {
      const section = (title: string, description: string, assetId: number, n: number) => ({
        title,
        description,
        video: media(assetId, `landing section ${n}'s video`),
      });
      catalog.landing = {
        banner_title: landing.banner_title,
        banner_video: media(landing.banner_video_asset_id, "the landing's banner video"),
        sections: [
          section(landing.section1_title, landing.section1_description, landing.section1_video_asset_id, 1),
          section(landing.section2_title, landing.section2_description, landing.section2_video_asset_id, 2),
          section(landing.section3_title, landing.section3_description, landing.section3_video_asset_id, 3),
        ],
      };
    }
  }

  await checkSources(ctx, files);
  await writeExport(dir, existed, CATALOG_JSON, catalog, () => writeFiles(ctx, dir, files));

  const exportedSubs = catalog.categories?.flatMap((c) => c.sub_categories ?? []) ?? [];
  const exportedVideosList = exportedSubs.flatMap((s) => s.videos ?? []);
  return {
    experts: experts.length,
    categories: categories.length,
    subCategories: subCategories.length,
    videos: videos.length,
    trailers: exportedVideosList.reduce((n, v) => n + (v.trailers?.length ?? 0), 0),
    plans: plans.length,
    pages: pages.length,
    faqs: faqs.length,
    landing: landing ? 1 : 0,
    files: files.size + 1,
  };
}

/**
 * Writes an export's files, then its JSON, into `dir` (new, or empty when `existed`); nothing half-written stays when
 * anything fails.
 */
export async function writeExport(dir: string, existed: boolean, jsonName: string, json: unknown, writeFiles: () => Promise<void>): Promise<void> {
  try {
    fs.mkdirSync(dir, { recursive: true });
    await writeFiles();
    fs.writeFileSync(path.join(dir, jsonName), `${JSON.stringify(json, null, 2)}\n`);
  } catch (error) {
    if (existed) for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    else fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Copies a file, answering its SHA-256 (hex): an export checks that a source is the one its asset was made of. */
export async function copyHashed(from: string, to: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    fs.createReadStream(from),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        yield chunk;
      }
    },
    fs.createWriteStream(to),
  );
  return hash.digest('hex');
}

/** Copies a stored object (picture, caption track, poster, photo) to a file; false when the store no longer has it. */
export async function copyStored(ctx: Pick<AppContext, 'storage'>, key: string, to: string): Promise<boolean> {
  const stored = await ctx.storage.get(key);
  if (!stored) return false;
  await pipeline(stored.body, fs.createWriteStream(to));
  return true;
}

/** Every file is where it should be before anything is written (a media source gone is the usual problem). */
async function checkSources(ctx: Pick<AppContext, 'storage'>, files: Map<string, Source>): Promise<void> {
  const problems: string[] = [];
  for (const source of files.values()) {
    if (source.kind === 'stored') {
      if (!(await ctx.storage.head(source.key))) problems.push(`${source.what}: ${source.key} is not in the ${ctx.storage.description}`);
    } else if (!path.isAbsolute(source.file) || !(fs.statSync(source.file, { throwIfNoEntry: false })?.isFile() ?? false)) {
      problems.push(`${source.what}: its source ${source.file} is no longer on this machine (import the catalog again from its folder first)`);
    }
  }
  if (problems.length) throw new CatalogExportError(problems);
}

/** A file of an export kept in the store (picture, playbook, caption track, poster, photo): copied out of it as it is. */
export type StoredFile = { kind: 'stored'; key: string; what: string };

/**
 * Copies each file of an export into `dir`: a stored one out of the store, any other by `copyOther` (which answers its
 * problem in words, or null). Every problem is gathered, then refused together.
 */
export async function copyExportFiles<Other extends { kind: string; what: string }>(
  ctx: Pick<AppContext, 'storage'>,
  dir: string,
  files: Map<string, StoredFile | Other>,
  copyOther: (source: Other, target: string) => Promise<string | null>,
): Promise<void> {
  const problems: string[] = [];
  for (const [name, source] of files) {
    const target = path.join(dir, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const problem = isStored(source)
      ? (await copyStored(ctx, source.key, target))
        ? null
        : `${source.what}: ${source.key} is not in the ${ctx.storage.description}`
      : await copyOther(source, target);
    if (problem) problems.push(problem);
  }
  if (problems.length) throw new CatalogExportError(problems);
}

const isStored = (source: { kind: string }): source is StoredFile => source.kind === 'stored';

/** The catalog's files; a media source whose bytes changed since its import is a problem (it would be another asset). */
function writeFiles(ctx: Pick<AppContext, 'storage'>, dir: string, files: Map<string, Source>): Promise<void> {
  return copyExportFiles(ctx, dir, files, async (source, target) =>
    (await copyHashed(source.file, target)) === source.hash ? null : `${source.what}: its source ${source.file} changed since it was imported`,
  );
}

export function describeExport(summary: ExportSummary, directory: string): string {
  const s = summary;
  return (
    `Catalog exported to ${directory}: ${s.experts} experts, ${s.categories} categories, ${s.subCategories} sub-categories, ${s.videos} videos, ` +
    `${s.trailers} trailers, ${s.plans} plans, ${s.pages} pages, ${s.faqs} FAQs${s.landing ? ', landing content' : ''} (${countOf(s.files, 'file')}).`
  );
}
