import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Location } from './s3-url.ts';
import { assertKey, type ByteRange, contentTypeOf, type Storage, type StorageRead, type StoredObject } from './storage.ts';

/** Files uploaded at once when a directory moves in (a rendition is a few dozen segments). */
const UPLOADS_AT_ONCE = 6;

const missing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

async function* filesUnder(dir: string, relative = ''): AsyncGenerator<{ file: string; key: string }> {
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const key = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(path.join(dir, entry.name), key);
    else if (entry.isFile()) yield { file: path.join(dir, entry.name), key };
  }
}

/**
 * An S3-compatible bucket (AWS, MinIO, Ceph, Garage, s3rver in the tests) through the official SDK. Credentials
 * come from the SDK's usual sources (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, instance roles). A custom
 * endpoint gets path-style addressing (most servers other than AWS have no per-bucket host names), and checksums are
 * sent only where S3 requires them: recent SDKs add CRC32 trailers by default, which older servers refuse.
 */
export function createS3Storage(location: S3Location): Storage {
  // The SDK is pinned (package.json) and runs on Node 20; its warning that *later* releases will need Node 22 would
  // only repeat in every operator's log and command output. An operator may still set the variable to 'false'.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint && { endpoint: location.endpoint, forcePathStyle: true }),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${location.keyPrefix}${key}`;
  };

  const putFile = async (key: string, file: string, contentType?: string) => {
    const { size } = await fs.promises.stat(file);
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: objectKey(key),
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: contentType ?? contentTypeOf(key),
      }),
    );
  };

  const storage: Storage = {
    kind: 's3',
    description: `bucket ${Bucket}${location.keyPrefix ? ` under ${location.keyPrefix}` : ''}${location.endpoint ? ` at ${location.endpoint}` : ''}`,
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: contentType ?? contentTypeOf(key) }));
    },
    putFile,
    async get(key, range?: ByteRange): Promise<StorageRead | null> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range && { Range: `bytes=${range.start}-${range.end}` }) }));
        // With a range, the whole object's size is the figure after the slash of Content-Range.
        const size = range ? Number(answer.ContentRange?.split('/')[1]) : Number(answer.ContentLength);
        return { body: answer.Body as Readable, size, contentType: answer.ContentType };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      const found = await storage.get(key);
      if (!found) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of found.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async head(key): Promise<StoredObject | null> {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: Number(answer.ContentLength), modifiedMs: answer.LastModified?.getTime() ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${location.keyPrefix}${prefix}`, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key.slice(location.keyPrefix.length), size: Number(item.Size ?? 0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async putDirectory(prefix, dir, last) {
      try {
        const files: { file: string; key: string }[] = [];
        for await (const found of filesUnder(dir)) if (found.key !== last) files.push(found);
        // A bucket has no rename: every other file first, `last` (the master playlist) when they are all in.
        for (let i = 0; i < files.length; i += UPLOADS_AT_ONCE) {
          await Promise.all(files.slice(i, i + UPLOADS_AT_ONCE).map((f) => putFile(`${prefix}/${f.key}`, f.file)));
        }
        await putFile(`${prefix}/${last}`, path.join(dir, last));
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
    stagingDir(name) {
      return fs.mkdtempSync(path.join(os.tmpdir(), `mm-staging-${path.basename(name).slice(0, 16)}-`));
    },
    localPath: () => null,
    async presignedUrl(key, seconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey(key) }), { expiresIn: seconds });
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
  return storage;
}
