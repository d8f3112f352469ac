import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { defineBackgroundWork, startBackgroundWork } from './background-work.ts';
import type { Config } from './config/env.ts';
import { listenForChanges } from './db/change-notices.ts';
import { createDb } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createDomainEvents } from './event-handlers.ts';
import { answerCaching } from './lib/answer-caching.ts';
import { answerSerializerCompiler } from './lib/answer-serializer.ts';
import { failure, registerErrorEnvelope } from './lib/envelope.ts';
import { resolveEvidenceKey, useEvidenceKey } from './lib/evidence-key.ts';
import { endKeptConnectionsWhenDraining } from './lib/graceful-shutdown.ts';
import { registerRequestLocale } from './lib/i18n.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { refuseNulCharacters } from './lib/nul-characters.ts';
import { redactUrl } from './lib/redact.ts';
import { createRequestBudget } from './lib/request-budget.ts';
import { addSecurityHeaders, PLATFORM_SECURITY_HEADERS } from './lib/security-headers.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.ts';
import { registerOpenApi } from './modules/api-docs/openapi.ts';
import { assessmentsRoutes } from './modules/assessments/assessments.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authPlugin, openToKiosk } from './modules/auth/caller.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { offlineCheckoutRoutes } from './modules/billing/offline-checkout.routes.ts';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes.ts';
import { browseRoutes } from './modules/browse/browse.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { enrolmentRoutes } from './modules/enrolment/enrolment.routes.ts';
import { evidenceRoutes } from './modules/evidence/evidence.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/health/metrics.routes.ts';
import { apiV1Routes, integrationsRoutes } from './modules/integrations/index.ts';
import { createJobQueue } from './modules/jobs/jobs.ts';
import { queueFamilies } from './modules/jobs/queue-metrics.ts';
import { kioskRoutes } from './modules/kiosk/kiosk.routes.ts';
import { learningRoutes } from './modules/learning/learning.routes.ts';
import { outboxRoutes } from './modules/mail/outbox.routes.ts';
import { createMailer } from './modules/mail/outbox.ts';
import { isPrivateUpload, mediaRoutes, privateUploadRoutes } from './modules/media/media.routes.ts';
import { storedUploadRoutes } from './modules/media/uploads.routes.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { organizationRoutes } from './modules/organization/organization.routes.ts';
import { peopleImportRoutes } from './modules/people-import/people-import.routes.ts';
import { playbackRoutes } from './modules/playback/playback.routes.ts';
import { landingPageRoutes } from './modules/public-content/landing-page.routes.ts';
import { publicContentRoutes } from './modules/public-content/public-content.routes.ts';
import { currentStanding } from './modules/qualifications/index.ts';
import { qualificationsRoutes } from './modules/qualifications/qualifications.routes.ts';
import { salesRoutes } from './modules/sales/sales.routes.ts';
import { scimProtocolRoutes } from './modules/scim/scim.routes.ts';
import { SCIM_PREFIX } from './modules/scim/scim.rules.ts';
import { scimSettingsRoutes } from './modules/scim/scim-settings.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { shopfloorRoutes } from './modules/shopfloor/shopfloor.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { stationsRoutes } from './modules/stations/stations.routes.ts';
import { studioRoutes } from './modules/studio/studio.routes.ts';
import { createLessonMediaGate } from './modules/studio/studio-media-gate.ts';
import { toolboxRoutes } from './modules/toolbox/toolbox.routes.ts';
import { ensureGuestAccount } from './modules/users/guest.ts';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** The release, as the server's package names it (the API document carries it). */
const SERVER_VERSION = (JSON.parse(fs.readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { version: string }).version;

/** A route as registered (HEAD twins left out): what the attack suites walk so every new route is covered by them. */
export type RegisteredRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

/** Builds the whole platform: database (migrated), mailer, API, media and the web app. */
/** `logStream`: where the JSON log lines go (standard output by default; tests read them); `webReady`: the web build under way. */
export async function buildApp(
  config: Config,
  { logStream, webReady }: { logStream?: { write(line: string): void }; webReady?: Promise<unknown> } = {},
): Promise<{ app: FastifyInstance; ctx: AppContext; routes: RegisteredRoute[]; metrics: Metrics }> {
  const app = Fastify({
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Starting the job queue's workers and clocks (onReady) takes longer than Fastify's 10 s on a loaded machine.
    pluginTimeout: 60_000,
    logger: {
      level: config.logLevel,
      ...(logStream && { stream: logStream }),
      // Tokens may travel in the query string (the spec's GET calls): never log them, nor any header.
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    },
  });
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routes.push({ method: route.method, url: route.url, schema: route.schema, config: route.config });
  });
  // First of all hooks, so every answer is counted, refusals included; other parts add gauges with metrics.registerGauges.
  const metrics = createMetrics();
  metrics.countRequests(app);
  endKeptConnectionsWhenDraining(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);

  useEvidenceKey(resolveEvidenceKey(config));
  const { db, dialect } = createDb(config.databaseUrl);
  await migrateToLatest(db);
  // Outside requests (clocks, mailer, start-up); a request's own lines go through request.log, which carries its id.
  const log = app.log;
  const jobs = await createJobQueue(config, db, log);
  // Sessions are kept per instance and dropped when any instance announces a change to them (issue 41).
  const changes = await listenForChanges(config.databaseUrl, log);
  const sessions = createSessionCache(changes);
  const mailer = createMailer(db, config, log, jobs);
  const storage = await createStorage(config.storageUrl, config.dataDir);
  const ctx: AppContext = { config, db, dialect, mailer, log, storage, events: createDomainEvents(jobs, config), jobs };
  await defineBackgroundWork(ctx);
  await ensureGuestAccount(ctx);
  metrics.registerGauges(async () => queueFamilies(await jobs.stats()));
  app.addHook('onClose', async () => {
    // Graceful stop: no new job is taken, the running ones finish (their writes need the database), then it closes.
    await jobs.stop({ drain: true });
    metrics.close();
    mailer.close();
    storage.close();
    await changes.close();
    await db.destroy();
  });

  registerRequestLocale(app);
  registerErrorEnvelope(app);
  app.addHook('preValidation', refuseNulCharacters);
  addSecurityHeaders(app, PLATFORM_SECURITY_HEADERS);
  const budget = createRequestBudget({ perMinute: config.requestsPerMinute });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1 } });

  // Before every route: the document collects them as they are registered.
  await registerOpenApi(app, SERVER_VERSION);
  await app.register(healthRoutes, { ctx });
  await app.register(metricsRoutes, { ctx, metrics });
  await app.register(outboxRoutes, { ctx });
  await app.register(
    async (api) => {
      // API answers are personal: reads revalidated by ETag in the member's own browser only, the rest never kept.
      // Hooks that have nothing to wait for take a callback: an async one costs every call a promise and a turn.
      api.addHook('onSend', (request, reply, payload, done) => done(null, answerCaching(request, reply, payload)));
      budget.guard(api);
      await api.register(authPlugin, { db, sessions, onIdentified: budget.chargeIdentified });
      await api.register(apiDocsRoutes, { document: () => app.swagger() });
      await api.register(authRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(openToKiosk(browseRoutes), { ctx });
      await api.register(openToKiosk(playbackRoutes), { ctx });
      await api.register(openToKiosk(searchRoutes), { ctx });
      await api.register(openToKiosk(publicContentRoutes), { ctx });
      await api.register(sharingRoutes, { ctx });
      await api.register(openToKiosk(learningRoutes), { ctx });
      await api.register(organizationRoutes, { ctx });
      await api.register(dashboardRoutes, { ctx });
      await api.register(openToKiosk(noticesRoutes), { ctx });
      await api.register(billingRoutes, { ctx });
      await api.register(stripeWebhookRoutes, { ctx });
      await api.register(kioskRoutes, { ctx });
      await api.register(toolboxRoutes, { ctx });
      await api.register(shopfloorRoutes, { ctx });
      await api.register(studioRoutes, { ctx });
      await api.register(stationsRoutes, { ctx });
      await api.register(qualificationsRoutes, { ctx });
      // The audit pack prints the qualifications' current standing: that module sits above evidence, so it is handed in here.
      await api.register(evidenceRoutes, { ctx, standing: currentStanding });
      await api.register(salesRoutes, { ctx });
      await api.register(assessmentsRoutes, { ctx });
      await api.register(ssoRoutes, { ctx });
      await api.register(scimSettingsRoutes, { ctx });
      await api.register(enrolmentRoutes, { ctx });
      await api.register(peopleImportRoutes, { ctx });
      await api.register(integrationsRoutes, { ctx });
      await api.register(apiV1Routes, { ctx, changes });
    },
    { prefix: '/api' },
  );

  // SCIM 2.0 for identity providers: its own media type, errors and bearer tokens (modules/scim), guarded like the API.
  await app.register(
    async (scim) => {
      budget.guard(scim);
      await scim.register(scimProtocolRoutes, { ctx });
    },
    { prefix: SCIM_PREFIX },
  );
  // Own lessons' media URLs open only while their lesson allows it (unpublished or deleted: at once, on every instance).
  await app.register(mediaRoutes, { ctx, gate: createLessonMediaGate(db, changes) });
  await app.register(privateUploadRoutes, { ctx });

  if (storage.kind === 'local') {
    const uploads = path.join(config.dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    // The private pictures (question pictures, practical-check photos) are read only through their signed addresses.
    await app.register(fastifyStatic, {
      root: uploads,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '30d',
      immutable: true,
      allowedPath: (pathName) => !isPrivateUpload(pathName),
    });
  } else {
    await app.register(storedUploadRoutes, { ctx });
  }

  // The server's own pages read the database: guarded like the API. Files (uploads, the build, media) are not.
  await app.register(async (pages) => {
    budget.guard(pages);
    await pages.register(offlineCheckoutRoutes, { ctx });
  });
  // The web app: at once, or once `webReady` settles (`npm start` builds it meanwhile: main.ts, start/web-build.ts).
  let hasWeb = false;
  const web = app.register(
    fp(async (root) => {
      await webReady;
      hasWeb = fs.existsSync(path.join(WEB_DIST, 'index.html'));
      if (!hasWeb) return;
      await root.register(async (pages) => {
        budget.guard(pages);
        await pages.register(landingPageRoutes, { ctx, webDist: WEB_DIST });
      });
      await root.register(fastifyStatic, {
        root: WEB_DIST,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz twins (web/build/precompress.ts): compressed bytes at no per-request cost.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Build assets carry a content hash in their name: a new release has new names, so they never change.
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }),
  );
  // Without a build under way the web part is registered before buildApp answers, as every test expects.
  if (webReady === undefined) await web;

  // Client-side routes get the web app; unknown API paths get the envelope.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (hasWeb && request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/media/') && !url.startsWith('/uploads/')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', WEB_DIST);
    }
    return reply.status(404).send(failure(404, `No route ${request.method} ${url}`));
  });

  // Background work (RUN_JOBS, default true): a laptop's one process serves and works; RUN_JOBS=false serves only.
  if (config.jobs.run) {
    app.addHook('onReady', async () => {
      const clocks = await startBackgroundWork(ctx);
      // The clocks' first runs finish before the platform answers, as when they ran at start (tests rely on it); a busy
      // queue is not waited for beyond 3 s.
      await Promise.all(clocks.map(({ name, id }) => jobs.settled(name, id, 3000)));
    });
  }

  return { app, ctx, routes, metrics };
}
