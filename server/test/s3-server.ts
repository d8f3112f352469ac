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

/** A local server speaking the S3 protocol (s3rver, files in a temporary directory) on a free port, with one empty bucket. */
export async function startS3Server(bucket = 'mm-media'): Promise<TestS3Server> {
  Object.assign(process.env, CREDENTIALS);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
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
