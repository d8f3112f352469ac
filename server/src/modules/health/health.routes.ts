import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { failure } from '../../lib/envelope.ts';
import { envelopeAnswer, type RouteDoc } from '../../lib/route-doc.ts';
import { pingDatabase } from './health.queries.ts';
import { checkReadiness, notReadyMessage } from './readiness.ts';

const healthDoc: RouteDoc = {
  operationId: 'healthz',
  summary: 'Whether this instance and its database answer',
  tags: ['health'],
  responses: {
    200: envelopeAnswer('The instance and its database answer.', {
      type: 'object',
      required: ['status', 'database'],
      properties: { status: { const: 'ok' }, database: { type: 'string' } },
    }),
  },
};

const readyDoc: RouteDoc = {
  operationId: 'readyz',
  summary: 'Whether this instance can serve: its database and file store answer (503 naming what does not)',
  tags: ['health'],
  responses: {
    200: envelopeAnswer('The database and the file store answer.', {
      type: 'object',
      required: ['status', 'database', 'storage'],
      properties: { status: { const: 'ready' }, database: { const: 'ok' }, storage: { const: 'ok' } },
    }),
  },
};

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** Liveness: 200 only when the database answers a query. */
  app.get('/healthz', { config: { auth: 'public', openapi: healthDoc }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await pingDatabase(ctx.db);
      return { success: true, data: { status: 'ok', database: ctx.dialect } };
    } catch {
      return reply.status(503).send(failure(503, 'The database does not answer.'));
    }
  });

  /** Readiness, for the load balancer: the database and the file store reachable, else 503 naming what is not. */
  app.get('/readyz', { config: { auth: 'public', openapi: readyDoc }, logLevel: 'warn' }, async (_request, reply) => {
    const readiness = await checkReadiness(ctx);
    if (readiness.database === 'ok' && readiness.storage === 'ok') return { success: true, data: { status: 'ready', ...readiness } };
    return reply.status(503).send(failure(503, notReadyMessage(readiness)));
  });
};
