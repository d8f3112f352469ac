import path from 'node:path';
import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { queueCaptionDrafts, storeCaptionTrack } from '../captions/index.ts';
import type { CatalogFile } from '../catalog/index.ts';
import {
  assetStored,
  type CatalogCounts,
  CatalogError,
  countCatalog,
  type KnownProbes,
  MediaError,
  type PreparedAsset,
  type PreparedFiles,
  renditionLadder,
  type SourceMedia,
  storedRenditions,
  storeImage,
  storePlaybook,
  transcodeAsset,
  upsertCatalog,
  type ValidCatalog,
  validateCatalog,
} from '../catalog/index.ts';
import { recordPreparations } from '../renditions/index.ts';
import { type ImportProgress, silentProgress } from './import-progress.ts';

/**
 * `import-catalog`: validate the whole file and probe its media (nothing written on any problem),
 * transcode media whose bytes are new (or leave them to be prepared in the background: ImportOptions),
 * copy pictures and playbooks, then write the catalog in one transaction.
 */

/** `changed`: false when the platform already held the file's catalog as it is: nothing was written, nothing announced. */
export type ImportSummary = CatalogCounts & { media: { transcoded: number; unchanged: number; pending: number }; changed: boolean };

/**
 * `now` (the command line, the tests): every new asset is transcoded before anything is written, as the import always
 * did. `later` (the first start): new assets are recorded pending and prepared afterwards by modules/renditions, so
 * the catalog is usable at once.
 */
/**
 * `draftCaptions`: queue Apertium's Spanish drafts of the lessons with English captions only (or an out-of-date draft);
 * by default the configuration's `CAPTION_DRAFTS` (on unless set to false), `import-catalog --no-draft-translations`
 * skips them for one import.
 */
export type ImportOptions = { renditions?: 'now' | 'later'; knownProbes?: KnownProbes; draftCaptions?: boolean };

/** One asset per distinct content; an asset already in the store is complete (see transcodeAsset), so it is reused. */
async function prepareMedia(
  valid: ValidCatalog,
  storage: Storage,
  progress: ImportProgress,
  renditions: 'now' | 'later',
): Promise<{ assets: PreparedAsset[]; transcoded: number; pending: string[] }> {
  const byHash = new Map<string, SourceMedia>();
  for (const source of valid.media.values()) if (!byHash.has(source.hash)) byHash.set(source.hash, source);
  const assets: PreparedAsset[] = [];
  const pending: string[] = [];
  let transcoded = 0;
  for (const [index, source] of [...byHash.values()].entries()) {
    const name = path.relative(valid.baseDir, source.file);
    if (await assetStored(storage, source.hash)) {
      progress.unchanged(index + 1, byHash.size, name);
    } else if (renditions === 'later') {
      pending.push(source.hash);
      assets.push({ hash: source.hash, source: source.file, probe: source.probe, renditions: [] });
      continue;
    } else {
      const labels = renditionLadder(source.probe.width, source.probe.height).map((rung) => rung.label);
      progress.asset(index + 1, byHash.size, name, labels);
      await transcodeAsset(source.file, source.probe, storage, source.hash, (step, percent) => progress.step(step, percent)).catch((error: unknown) => {
        throw error instanceof MediaError ? new CatalogError([`${name}: could not be transcoded (${error.message})`]) : error;
      });
      transcoded++;
    }
    assets.push({ hash: source.hash, source: source.file, probe: source.probe, renditions: await storedRenditions(storage, source.hash, source.probe) });
  }
  return { assets, transcoded, pending };
}

const landingMedia = (catalog: CatalogFile) => (catalog.landing ? [catalog.landing.banner_video, ...catalog.landing.sections.map((s) => s.video)] : []);

function pictureReferences(catalog: CatalogFile): (string | undefined)[] {
  const videos = catalog.categories.flatMap((c) => c.sub_categories.flatMap((s) => s.videos));
  return [
    ...catalog.experts.map((e) => e.picture),
    ...catalog.categories.map((c) => c.picture),
    ...videos.flatMap((v) => [v.image, ...v.trailers.map((t) => t.image)]),
  ];
}

/** Copies pictures, playbooks and sanitized caption tracks into the store (before the transaction) and answers the lookups the upsert needs. */
async function storeFiles(valid: ValidCatalog, storage: Storage, assets: PreparedAsset[]): Promise<PreparedFiles> {
  const images = new Map<string, string>();
  for (const picture of pictureReferences(valid.catalog)) {
    if (picture && !images.has(picture)) images.set(picture, await storeImage(storage, valid.resolve(picture)));
  }
  const playbooks = new Map<string, string>();
  for (const video of valid.catalog.categories.flatMap((c) => c.sub_categories.flatMap((s) => s.videos))) {
    if (video.playbook && !playbooks.has(video.playbook)) playbooks.set(video.playbook, await storePlaybook(storage, valid.resolve(video.playbook)));
  }
  const captionHashes = new Map<string, string>();
  for (const [file, cues] of valid.captions) captionHashes.set(file, await storeCaptionTrack(storage, cues));
  return {
    assets,
    assetHash: (file) => valid.media.get(valid.resolve(file))!.hash,
    captions: (file) => ({ contentHash: captionHashes.get(valid.resolve(file))!, cues: valid.captions.get(valid.resolve(file))! }),
    image: (file) => (file ? images.get(file)! : null),
    playbook: (file) => (file ? playbooks.get(file)! : null),
  };
}

export async function importCatalog(
  ctx: AppContext,
  catalogFile: string,
  progress: ImportProgress = silentProgress,
  { renditions = 'now', knownProbes, draftCaptions = ctx.config.captionDrafts }: ImportOptions = {},
): Promise<ImportSummary> {
  const valid = await validateCatalog(path.resolve(catalogFile), knownProbes);
  const { assets, transcoded, pending } = await prepareMedia(valid, ctx.storage, progress, renditions);
  const unchanged = assets.length - transcoded - pending.length;
  progress.finish(`Media: ${transcoded} transcoded, ${unchanged} unchanged${pending.length ? `, ${pending.length} to prepare in the background` : ''}.`);
  const files = await storeFiles(valid, ctx.storage, assets);
  const waiting = new Set(pending);
  const counts = countCatalog(valid.catalog);
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const { revisions, changed: wrote } = await upsertCatalog(trx, valid.catalog, files);
    // Each asset's preparation: ready, or waiting (the runner takes it from there): the landing's clips first
    // (the first page anyone sees), then the catalog's order.
    const landing = new Set(landingMedia(valid.catalog).map((file) => files.assetHash(file)));
    await recordPreparations(
      trx,
      assets.map((asset, index) => ({ hash: asset.hash, ready: !waiting.has(asset.hash), priority: (landing.has(asset.hash) ? 0 : assets.length) + index })),
      now(),
    );
    // A file the platform already holds (an export imported back) wrote no row: nothing to announce, no version to
    // renew, no draft to queue (the import that brought it queued them).
    if (!wrote) return false;
    // What follows from the new catalog belongs to the modules that keep it (retraining, the kept category figures,
    // the search index, the catalog version): they handle these events in this transaction (docs/architecture.md).
    const at = now();
    for (const r of revisions)
      await ctx.events.emit(trx, 'video.revised', { at, videoId: r.videoId, revision: r.revision, requiresRetraining: r.requiresRetraining });
    await ctx.events.emit(trx, 'catalog.imported', {
      at,
      categories: counts.categories,
      subCategories: counts.subCategories,
      videos: counts.videos,
      revisedVideoIds: revisions.map((r) => r.videoId),
    });
    // Spanish captions drafted by machine where the lessons have English ones only (or a draft of older English).
    if (draftCaptions) await queueCaptionDrafts(trx, ctx.jobs);
    return true;
  });
  return { ...counts, media: { transcoded, unchanged, pending: pending.length }, changed };
}

export function describeImport(summary: ImportSummary): string {
  const s = summary;
  return (
    `Catalog imported: ${s.experts} experts, ${s.categories} categories, ${s.subCategories} sub-categories, ${s.videos} videos, ` +
    `${s.trailers} trailers, ${s.plans} plans, ${s.pages} pages, ${s.faqs} FAQs${s.landing ? ', landing content' : ''}.` +
    (s.changed ? '' : ' Nothing changed: the platform already held all of it as the file has it.')
  );
}
