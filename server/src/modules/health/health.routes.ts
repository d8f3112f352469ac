import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { failure } from '../../lib/envelope.ts';
import { pingDatabase } from './health.queries.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** 200 only when the database answers a query. */
  app.get('/healthz', { config: { auth: 'public' }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await pingDatabase(ctx.db);
      return { success: true, data: { status: 'ok', database: ctx.dialect } };
    } catch {
      return reply.status(503).send(failure(503, 'The database does not answer.'));
    }
  });
};
