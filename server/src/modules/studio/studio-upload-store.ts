import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { AppContext } from '../../app-context.ts';

/** Where the tus uploads are written on a local directory, one file per upload (its id), kept as the source of the lesson's asset. */
export const studioUploadDir = (dataDir: string) => path.join(dataDir, 'studio-uploads');

/** The uploads' key prefix in the platform's store (a bucket): `studio-uploads/<id>`, with `.info` and `.part` beside it while under way. */
export const UPLOAD_KEY_PREFIX = 'studio-uploads/';
export const uploadKey = (id: string) => `${UPLOAD_KEY_PREFIX}${id}`;

/** A file on this machine holding an upload's bytes, and how to let it go once read. */
export type UploadFile = { file: string; release: () => Promise<void> };

/**
 * Where the studio's tus uploads live: the tus data store, and the finished uploads' bytes for the probe and the
 * transcode. With the local directory (STORAGE_URL unset: one machine) a FileStore under DATA_DIR; with a bucket the
 * S3 store, so that any app instance behind the load balancer continues any upload (tus offset, parts and metadata all
 * in the bucket, never in one instance's memory or disk).
 */
export type StudioUploadStore = {
  datastore: DataStore;
  /** What ffprobe reads to check a finished upload: the file, or a short-lived URL of the object (no download). */
  probeSource: (id: string) => Promise<string>;
  /** The finished upload as a local file for the transcode: itself, or a temporary copy downloaded from the bucket. */
  localCopy: (id: string) => Promise<UploadFile>;
  /** Where the asset's source is recorded (media_assets.source_path). */
  sourceName: (id: string) => string;
  /** Keeps a file made on this machine (a rendered script lesson) as the finished upload `id`; the file is moved or copied. */
  keep: (id: string, file: string) => Promise<void>;
  /** Lets an upload's bytes go, finished or not (an unfinished one's parts with them); a missing one is fine. */
  remove: (id: string) => Promise<void>;
};

/**
 * tus's FileStore, less the directory check its constructor starts: an asynchronous mkdir whose failure is thrown from
 * a callback, where nothing can catch it, so a data directory removed meanwhile (a test platform closing as it
 * starts) brought the whole process down (CI, seed-demo.test.ts: ENOENT, mkdir .../studio-uploads). The directory is
 * made, synchronously and where an error can be caught, before the store (localUploadStore).
 */
class UploadDirectoryStore extends FileStore {}
Object.defineProperty(UploadDirectoryStore.prototype, 'checkOrCreateDirectory', { value: () => {} });

/**
 * One FileStore per uploads directory and process, made with the first caller (the routes, at start); made anew for
 * every hourly clean-up, the directory check above brought the process down more often still.
 */
const fileStores = new Map<string, FileStore>();
/** One S3 store per platform store (each test platform has its own bucket). */
const bucketStores = new WeakMap<object, StudioUploadStore>();

function localUploadStore(ctx: AppContext): StudioUploadStore {
  const directory = studioUploadDir(ctx.config.dataDir);
  let store = fileStores.get(directory);
  if (!store) {
    fs.mkdirSync(directory, { recursive: true });
    store = new UploadDirectoryStore({ directory, expirationPeriodInMilliseconds: ctx.config.studio.uploadExpiryMs });
    fileStores.set(directory, store);
  }
  const datastore = store;
  const fileOf = (id: string) => path.join(directory, id);
  return {
    datastore,
    probeSource: async (id) => fileOf(id),
    localCopy: async (id) => ({ file: fileOf(id), release: async () => {} }),
    sourceName: fileOf,
    keep: async (id, file) => {
      fs.mkdirSync(directory, { recursive: true });
      await fs.promises.rename(file, fileOf(id));
    },
    remove: (id) => datastore.remove(id).catch(() => {}),
  };
}

/**
 * The studio's upload store for the platform's storage (STORAGE_URL). The S3 store (and the SDK under it) is loaded
 * only for a bucket, as the platform's own store is: the embedded default starts without it.
 */
export async function studioUploadStore(ctx: AppContext): Promise<StudioUploadStore> {
  if (ctx.storage.kind === 'local' || !ctx.config.storageUrl) return localUploadStore(ctx);
  let store = bucketStores.get(ctx.storage);
  if (!store) {
    const { bucketUploadStore } = await import('./studio-upload-bucket.ts');
    store = bucketUploadStore(ctx, ctx.config.storageUrl);
    bucketStores.set(ctx.storage, store);
  }
  return store;
}

/**
 * The finished uploads of a local uploads directory, as keys of the platform's store (`studio-uploads/<id>`, the key
 * the bucket's upload store reads a source from), and how many uploads are unfinished. Finished: its bytes reached
 * the size its tus metadata (`<id>.json`) announced, or it has no metadata (a rendered script lesson kept as a
 * source). For `move-storage-to`: an unfinished upload cannot continue in a bucket (the S3 store keeps its parts in
 * another shape), so it stays behind and its author sends it again.
 */
export async function finishedLocalUploads(dataDir: string): Promise<{ finished: { key: string; size: number }[]; unfinished: number }> {
  const directory = studioUploadDir(dataDir);
  const names = await fs.promises.readdir(directory).catch(() => [] as string[]);
  const finished: { key: string; size: number }[] = [];
  let unfinished = 0;
  for (const name of names.filter((n) => !n.endsWith('.json')).sort()) {
    const stat = await fs.promises.stat(path.join(directory, name));
    if (!stat.isFile()) continue;
    const metadata = await fs.promises.readFile(path.join(directory, `${name}.json`), 'utf8').then(
      (text) => JSON.parse(text) as { size?: number },
      () => null,
    );
    if (metadata === null || metadata.size === stat.size) finished.push({ key: uploadKey(name), size: stat.size });
    else unfinished++;
  }
  return { finished, unfinished };
}

/**
 * An own lesson's video source as a local file (an export copies it): the upload its asset recorded as its source
 * (media_assets.source_path, as `sourceName` wrote it), from this machine's directory or the bucket.
 */
export async function lessonSourceCopy(ctx: AppContext, sourcePath: string): Promise<UploadFile> {
  return (await studioUploadStore(ctx)).localCopy(path.posix.basename(sourcePath));
}
