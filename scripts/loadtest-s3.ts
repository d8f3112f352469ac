/// <reference path="../server/test/s3rver.d.ts" />
/**
 * The load test's S3 server (scripts/loadtest.ts) in a process of its own, so serving the bucket never shares an event
 * loop with the load generator: s3rver (the storage tests' server, test/s3-server.ts) with one bucket. With a
 * directory argument the bucket is kept there (a kept run, `--keep`); without, a temporary one is removed at the end.
 * Prints `S3 <STORAGE_URL>` once it listens; SIGTERM closes it.
 */
import fs from 'node:fs';
import S3rver from 's3rver';
import { startS3Server } from '../server/test/s3-server.ts';

const BUCKET = 'mm-load';
const directory = process.argv[2];
let close: () => Promise<void>;
if (directory) {
  fs.mkdirSync(directory, { recursive: true });
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  console.log(`S3 s3://${BUCKET}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&region=us-east-1`);
  close = () => server.close();
} else {
  const s3 = await startS3Server(BUCKET);
  console.log(`S3 ${s3.storageUrl}`);
  close = s3.close;
}
process.once('SIGTERM', () => {
  void close().then(() => process.exit(0));
});
