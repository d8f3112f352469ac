/// <reference path="../server/test/s3rver.d.ts" />
/**
 * The load test's S3 server (scripts/loadtest.ts) in a process of its own, so serving the bucket never shares an event
 * loop with the load generator: s3rver (the storage tests' server, test/s3-server.ts) with one empty bucket. Prints
 * `S3 <STORAGE_URL>` once it listens; SIGTERM closes it and removes its files.
 */
import { startS3Server } from '../server/test/s3-server.ts';

const s3 = await startS3Server('mm-load');
console.log(`S3 ${s3.storageUrl}`);
process.once('SIGTERM', () => {
  void s3.close().then(() => process.exit(0));
});
