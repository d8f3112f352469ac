import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import type { Db } from '../src/db/client.ts';

/**
 * One instance of the job-cluster test (job-cluster.test.ts): ROLE=app serves HTTP and works jobs, ROLE=worker works
 * jobs only (as src/worker.ts does). Beside the platform's own queues it works `cluster-cpu`, a CPU-bound kind standing
 * for transcoding: each run records its start, hashes for a while, then records its completion (cluster_runs, cluster_done);
 * and `cluster-slow`, which waits 1.5 s between the two (what a SIGTERM finds in flight).
 */
let db: Db | null = null;
const config = loadConfig({ ...process.env, RUN_JOBS: 'true' });
const { app, ctx } = await buildApp(config, {
  extraJobs: [
    {
      name: 'cluster-cpu',
      settings: { retryLimit: 5, retryDelayMs: 1000 },
      concurrency: 2,
      handler: async ({ payload }) => {
        const n = Number(payload.n);
        await sql`INSERT INTO cluster_runs (n, pid, started_at) VALUES (${n}, ${process.pid}, ${Date.now()})`.execute(db!);
        const until = Date.now() + 200;
        let digest = Buffer.from(String(n));
        while (Date.now() < until) digest = createHash('sha256').update(digest).digest();
        // Yield between the two halves: another job (or e-mail) of this instance may run meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
        await sql`INSERT INTO cluster_done (n, pid, digest) VALUES (${n}, ${process.pid}, ${digest.toString('hex')})`.execute(db!);
      },
    },
    {
      // A job that runs for a while (the worker's drain on SIGTERM is tested with it).
      name: 'cluster-slow',
      settings: { retryLimit: 0, retryDelayMs: 1000 },
      concurrency: 2,
      handler: async ({ payload }) => {
        const n = Number(payload.n);
        await sql`INSERT INTO cluster_runs (n, pid, started_at) VALUES (${n}, ${process.pid}, ${Date.now()})`.execute(db!);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await sql`INSERT INTO cluster_done (n, pid, digest) VALUES (${n}, ${process.pid}, 'slow')`.execute(db!);
      },
    },
  ],
});
db = ctx.db;
if (process.env.ROLE === 'worker') await app.ready();
else await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`READY ${process.pid}`);
process.once('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
