import { createLocalStorage } from './local-storage.ts';
import { parseS3Url } from './s3-url.ts';
import type { Storage } from './storage.ts';

/**
 * The store STORAGE_URL names: unset, the directory under DATA_DIR (today's layout); `s3://...`, a bucket. The S3
 * SDK is loaded only for a bucket, so the embedded default starts without it.
 */
export async function createStorage(storageUrl: string | undefined, dataDir: string): Promise<Storage> {
  if (!storageUrl) return createLocalStorage(dataDir);
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(parseS3Url(storageUrl));
}
