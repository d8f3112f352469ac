/** The catalog module's public face: what other modules may use of it (they import nothing else of it). */
export type { CatalogFile, CatalogFileInput } from './catalog-file.schema.ts';
export { storeImage, storePlaybook } from './catalog-files.ts';
export {
  type CatalogCounts,
  countCatalog,
  type NewRevision,
  type PreparedAsset,
  type PreparedFiles,
  recordAssetRenditions,
  recordTranscodedAsset,
  upsertCatalog,
  upsertPlans,
} from './catalog-upsert.queries.ts';
export { CatalogError, type KnownProbes, type SourceMedia, type ValidCatalog, validateCatalog } from './catalog-validation.ts';
export {
  assetStored,
  hashFile,
  MASTER_PLAYLIST,
  MediaError,
  type MediaProbe,
  POSTER,
  probeMedia,
  renditionLadder,
  storedRenditions,
  transcodeAsset,
} from './media.ts';
export { recountVotes } from './video-counters.queries.ts';
