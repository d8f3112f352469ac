import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's one account; the SDK reads them from the usual variables, as in production. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export type TestS3Server = {
  endpoint: string;
  /** STORAGE_URL of the server's bucket. */
  storageUrl: string;
  bucketDir: string;
  close: () => Promise<void>;
};

/**
 * ListParts and AbortMultipartUpload, which s3rver lacks and the tus S3 store uses (the offset of an upload under
 * way is the sum of its parts): read from where s3rver keeps a multipart upload's parts, `<bucket>/._S3rver_uploads/<upload id>/<part number>`
 * with `<part number>.md5` beside each.
 */
function multipartListAndAbort(bucketDir: string): S3rver['middleware'][number] {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (!uploadId || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const dir = path.join(bucketDir, '._S3rver_uploads', path.basename(uploadId));
    if (!fs.existsSync(dir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const [, bucket, ...key] = ctx.path.split('/');
    const parts = fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((x, y) => x - y)
      .map((n) => {
        const md5 = fs.readFileSync(path.join(dir, `${n}.md5`), 'utf8');
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${fs.statSync(path.join(dir, String(n))).size}</Size></Part>`;
      });
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}

/** A local server speaking the S3 protocol (s3rver, files in a temporary directory) on a free port, with one empty bucket. */
export async function startS3Server(bucket = 'mm-media'): Promise<TestS3Server> {
  Object.assign(process.env, CREDENTIALS);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(multipartListAndAbort(path.join(directory, bucket)));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    bucketDir: path.join(directory, bucket),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The stores the storage-dependent tests run on: both, unless TEST_STORAGE names one (local or s3). */
export const TEST_STORAGES = (process.env.TEST_STORAGE ? [process.env.TEST_STORAGE] : ['local', 's3']) as ('local' | 's3')[];
