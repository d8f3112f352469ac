import { ConfigError, loadConfig } from './config/env.ts';
import { closeOnSignals } from './lib/graceful-shutdown.ts';
import { serveWhileStarting } from './start/starting-server.ts';
import { buildWebIfStale } from './start/web-build.ts';

try {
  const config = loadConfig();
  // `npm start` (--build-web): the port answers at once (a "Starting" page) while the web app builds, if its sources
  // changed, beside the platform's own start; the platform takes the port over when both are done.
  const buildWeb = process.argv.includes('--build-web');
  const starting = buildWeb ? await serveWhileStarting(config.host, config.port) : null;
  const webReady = buildWeb ? buildWebIfStale((line) => console.log(line)) : undefined;
  // Handled where it is awaited below; until then a failed build must not end the process as unhandled.
  webReady?.catch(() => {});
  // Loaded after the port answers: the platform's modules take seconds to load on a first start.
  const { buildApp } = await import('./app.ts');
  const { seedDemoIfEmpty } = await import('./cli/seed-demo.ts');
  const { wakeRenditions } = await import('./modules/renditions/index.ts');
  const { app, ctx } = await buildApp(config, { webReady });
  const lines: string[] = [];
  // A first start loads what signing in and training need before the platform answers; the demo organization's six
  // months of history are played after, while it answers (seed-demo.ts).
  const history = config.seedDemo === 'auto' ? await seedDemoIfEmpty(ctx, (line) => lines.push(line)) : null;
  await webReady;
  await starting?.handOver();
  await app.listen({ host: config.host, port: config.port });
  console.log(`\nManufacturing Masters is running at ${config.publicUrl} (database: ${ctx.dialect})`);
  if (!config.smtpUrl) console.log(`E-mails are kept in the development outbox: ${config.publicUrl}/dev/outbox`);
  for (const line of lines) console.log(line);
  // Renditions left to prepare (a first start's demo, or a start that stopped half-way) are prepared by the job queue,
  // one at a time, while the platform answers; a lesson not ready yet says how long it will take.
  await wakeRenditions(ctx);
  closeOnSignals(app);
  if (history) {
    const began = Date.now();
    history().then(
      () => console.log(`The demo organization's six months of history are loaded (${Math.round((Date.now() - began) / 1000)} s).`),
      (error: unknown) => ctx.log.error({ event: 'demo_history_failed', err: error }, "the demo organization's history could not be loaded"),
    );
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
