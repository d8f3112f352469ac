import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3Store } from '@tus/s3-store';
import { type KvStore, Upload } from '@tus/server';
import type { AppContext } from '../../app-context.ts';
import { parseS3Url } from '../../lib/storage/s3-url.ts';
import { type StudioUploadStore, UPLOAD_KEY_PREFIX, uploadKey } from './studio-upload-store.ts';

/**
 * The tus S3 store with its objects under the platform's key prefix and `studio-uploads/` (the library writes each
 * upload at its id, at the bucket's root): the tus ids stay the upload rows' ids, the bucket's keys get the prefix.
 */
class PrefixedS3Store extends S3Store {
  constructor(
    private readonly prefix: string,
    options: ConstructorParameters<typeof S3Store>[0],
  ) {
    super(options);
  }
  private key(id: string): string {
    return `${this.prefix}${id}`;
  }
  private unprefixed(upload: Upload, id: string): Upload {
    return new Upload({ ...upload, id });
  }
  override async create(upload: Upload): Promise<Upload> {
    return this.unprefixed(await super.create(new Upload({ ...upload, id: this.key(upload.id) })), upload.id);
  }
  override write(source: Readable, id: string, offset: number): Promise<number> {
    return super.write(source, this.key(id), offset);
  }
  override async getUpload(id: string): Promise<Upload> {
    return this.unprefixed(await super.getUpload(this.key(id)), id);
  }
  override declareUploadLength(id: string, length: number): Promise<void> {
    return super.declareUploadLength(this.key(id), length);
  }
  override read(id: string): Promise<Readable> {
    return super.read(this.key(id));
  }
  /** Aborts an unfinished multipart upload (its parts are freed); the objects themselves go through the platform's store. */
  async abort(id: string): Promise<void> {
    const { 'upload-id': uploadId } = await this.getMetadata(this.key(id));
    await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: this.key(id), UploadId: uploadId });
  }
}

/**
 * No cache of the `.info` objects: each request reads the upload's metadata from the bucket, so that an instance never
 * answers from what it saw of an upload that another instance has since finished or let go.
 */
const noCache: KvStore<never> = { get: async () => undefined, set: async () => {}, delete: async () => {} };

/** Kept-alive connections to the bucket, closed after 4 s idle (the Agent's timeout destroys a free socket). */
const IDLE_AGENT = { keepAlive: true, timeout: 4000 };

export function bucketUploadStore(ctx: AppContext, storageUrl: string): StudioUploadStore {
  const location = parseS3Url(storageUrl);
  const datastore = new PrefixedS3Store(`${location.keyPrefix}${UPLOAD_KEY_PREFIX}`, {
    cache: noCache,
    expirationPeriodInMilliseconds: ctx.config.studio.uploadExpiryMs,
    // Expiry is the platform's hourly clock (expireAbandonedUploads), not bucket lifecycle rules on tags.
    useTags: false,
    s3ClientConfig: {
      bucket: location.bucket,
      region: location.region,
      ...(location.endpoint && { endpoint: location.endpoint, forcePathStyle: true }),
      // As the platform's store (s3-storage.ts): checksums only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A part is sent as a stream, which the SDK cannot send again: a kept-alive connection the server closed
      // while idle would fail the PATCH. Idle connections are dropped before a server's keep-alive timeout (5 s
      // for Node-based servers, more for S3 and MinIO), so that a part never goes out on one the server is closing.
      requestHandler: { httpAgent: new http.Agent(IDLE_AGENT), httpsAgent: new https.Agent(IDLE_AGENT) },
    },
  });
  const { storage } = ctx;
  return {
    datastore,
    probeSource: async (id) => {
      const url = await storage.presignedUrl(uploadKey(id), 600);
      if (!url) throw new Error('the bucket gave no URL to read the upload');
      return url;
    },
    localCopy: async (id) => {
      const read = await storage.get(uploadKey(id));
      if (!read) throw new Error('the uploaded file is gone from the bucket');
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'mm-studio-upload-'));
      const release = () => fs.promises.rm(dir, { recursive: true, force: true });
      const file = path.join(dir, id);
      try {
        await pipeline(read.body, fs.createWriteStream(file));
      } catch (error) {
        await release();
        throw error;
      }
      return { file, release };
    },
    sourceName: (id) => `s3://${location.bucket}/${location.keyPrefix}${uploadKey(id)}`,
    keep: (id, file) => storage.putFile(uploadKey(id), file, 'video/mp4'),
    remove: async (id) => {
      // An unfinished upload's parts are freed by aborting it; a finished (or never begun) one has none.
      await datastore.abort(id).catch(() => {});
      for (const key of [uploadKey(id), `${uploadKey(id)}.info`, `${uploadKey(id)}.part`])
        await storage.delete(key).catch((error: unknown) => ctx.log.warn({ event: 'studio_upload_object_left', key, err: error }));
    },
  };
}
