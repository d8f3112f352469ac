import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';

/**
 * `npm run worker -w server`: an instance that works the job queue and serves no HTTP (beside app instances started
 * with RUN_JOBS=false). It builds the same platform (migrations, the queue, the clocks) and never listens.
 * SIGTERM or SIGINT: it stops taking jobs, waits for the running ones, then exits.
 */
try {
  const config = loadConfig({ ...process.env, RUN_JOBS: 'true' });
  const { app, ctx } = await buildApp(config);
  await app.ready();
  console.log(`Manufacturing Masters worker is running (queue: ${ctx.jobs.kind}, database: ${ctx.dialect})`);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
