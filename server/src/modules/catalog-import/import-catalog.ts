import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { storeCaptionTrack } from '../captions/caption-files.ts';
import type { CatalogFile } from '../catalog/catalog-file.schema.ts';
import { storeImage, storePlaybook } from '../catalog/catalog-files.ts';
import { type CatalogCounts, countCatalog, type PreparedAsset, type PreparedFiles, upsertCatalog } from '../catalog/catalog-upsert.queries.ts';
import { CatalogError, type SourceMedia, type ValidCatalog, validateCatalog } from '../catalog/catalog-validation.ts';
import { describeRenditions, MediaError, mediaRoot, renditionLadder, transcodeAsset } from '../catalog/media.ts';
import { type ImportProgress, silentProgress } from './import-progress.ts';

/**
 * `import-catalog`: validate the whole file and probe its media (nothing written on any problem),
 * transcode media whose bytes are new, copy pictures and playbooks, then write the catalog in
 * one transaction.
 */

export type ImportSummary = CatalogCounts & { media: { transcoded: number; unchanged: number } };

/** One asset per distinct content; an asset directory that exists is complete (see transcodeAsset), so it is reused. */
async function prepareMedia(valid: ValidCatalog, dataDir: string, progress: ImportProgress): Promise<{ assets: PreparedAsset[]; transcoded: number }> {
  const byHash = new Map<string, SourceMedia>();
  for (const source of valid.media.values()) if (!byHash.has(source.hash)) byHash.set(source.hash, source);
  const assets: PreparedAsset[] = [];
  let transcoded = 0;
  for (const [index, source] of [...byHash.values()].entries()) {
    const assetDir = path.join(mediaRoot(dataDir), source.hash);
    const name = path.relative(valid.baseDir, source.file);
    if (fs.existsSync(assetDir)) {
      progress.unchanged(index + 1, byHash.size, name);
    } else {
      const renditions = renditionLadder(source.probe.width, source.probe.height).map((rung) => rung.label);
      progress.asset(index + 1, byHash.size, name, renditions);
      await transcodeAsset(source.file, source.probe, assetDir, (step, percent) => progress.step(step, percent)).catch((error: unknown) => {
        throw error instanceof MediaError ? new CatalogError([`${name}: could not be transcoded (${error.message})`]) : error;
      });
      transcoded++;
    }
    assets.push({ hash: source.hash, source: source.file, probe: source.probe, renditions: describeRenditions(assetDir, source.probe) });
  }
  return { assets, transcoded };
}

function pictureReferences(catalog: CatalogFile): (string | undefined)[] {
  const videos = catalog.categories.flatMap((c) => c.sub_categories.flatMap((s) => s.videos));
  return [
    ...catalog.experts.map((e) => e.picture),
    ...catalog.categories.map((c) => c.picture),
    ...videos.flatMap((v) => [v.image, ...v.trailers.map((t) => t.image)]),
  ];
}

/** Copies pictures, playbooks and sanitized caption tracks under DATA_DIR (before the transaction) and answers the lookups the upsert needs. */
function storeFiles(valid: ValidCatalog, dataDir: string, assets: PreparedAsset[]): PreparedFiles {
  const images = new Map<string, string>();
  for (const picture of pictureReferences(valid.catalog)) {
    if (picture && !images.has(picture)) images.set(picture, storeImage(dataDir, valid.resolve(picture)));
  }
  const playbooks = new Map<string, string>();
  for (const video of valid.catalog.categories.flatMap((c) => c.sub_categories.flatMap((s) => s.videos))) {
    if (video.playbook && !playbooks.has(video.playbook)) playbooks.set(video.playbook, storePlaybook(dataDir, valid.resolve(video.playbook)));
  }
  const captionHashes = new Map<string, string>();
  for (const [file, cues] of valid.captions) captionHashes.set(file, storeCaptionTrack(mediaRoot(dataDir), cues));
  return {
    assets,
    assetHash: (file) => valid.media.get(valid.resolve(file))!.hash,
    captions: (file) => ({ contentHash: captionHashes.get(valid.resolve(file))!, cues: valid.captions.get(valid.resolve(file))! }),
    image: (file) => (file ? images.get(file)! : null),
    playbook: (file) => (file ? playbooks.get(file)! : null),
  };
}

export async function importCatalog(ctx: AppContext, catalogFile: string, progress: ImportProgress = silentProgress): Promise<ImportSummary> {
  const valid = await validateCatalog(path.resolve(catalogFile));
  const { assets, transcoded } = await prepareMedia(valid, ctx.config.dataDir, progress);
  progress.finish(`Media: ${transcoded} transcoded, ${assets.length - transcoded} unchanged.`);
  const files = storeFiles(valid, ctx.config.dataDir, assets);
  const counts = countCatalog(valid.catalog);
  await ctx.db.transaction().execute(async (trx) => {
    const revisions = await upsertCatalog(trx, valid.catalog, files);
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
  });
  return { ...counts, media: { transcoded, unchanged: assets.length - transcoded } };
}

export function describeImport(summary: ImportSummary): string {
  const s = summary;
  return (
    `Catalog imported: ${s.experts} experts, ${s.categories} categories, ${s.subCategories} sub-categories, ${s.videos} videos, ` +
    `${s.trailers} trailers, ${s.plans} plans, ${s.pages} pages, ${s.faqs} FAQs${s.landing ? ', landing content' : ''}.`
  );
}
