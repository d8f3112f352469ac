import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { failure } from '../../lib/envelope.ts';
import { pingDatabase } from './health.queries.ts';
import { checkReadiness, notReadyMessage } from './readiness.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** Liveness: 200 only when the database answers a query. */
  app.get('/healthz', { config: { auth: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await pingDatabase(ctx.db);
      return { success: true, data: { status: 'ok', database: ctx.dialect } };
    } catch {
      return reply.status(503).send(failure(503, 'The database does not answer.'));
    }
  });

  /** Readiness, for the load balancer: the database and the file store reachable, else 503 naming what is not. */
  app.get('/readyz', { config: { auth: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    const readiness = await checkReadiness(ctx);
    if (readiness.database === 'ok' && readiness.storage === 'ok') return { success: true, data: { status: 'ready', ...readiness } };
    return reply.status(503).send(failure(503, notReadyMessage(readiness)));
  });
};
