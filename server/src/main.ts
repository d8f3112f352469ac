import { buildApp } from './app.ts';
import { seedDemoIfEmpty } from './cli/seed-demo.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { closeOnSignals } from './lib/graceful-shutdown.ts';

try {
  const config = loadConfig();
  const { app, ctx } = await buildApp(config);
  const lines: string[] = [];
  if (config.seedDemo === 'auto') await seedDemoIfEmpty(ctx, (line) => lines.push(line));
  await app.listen({ host: config.host, port: config.port });
  console.log(`\nManufacturing Masters is running at ${config.publicUrl} (database: ${ctx.dialect})`);
  if (!config.smtpUrl) console.log(`E-mails are kept in the development outbox: ${config.publicUrl}/dev/outbox`);
  for (const line of lines) console.log(line);
  closeOnSignals(app);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
