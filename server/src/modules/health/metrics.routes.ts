import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { RouteDoc } from '../../lib/route-doc.ts';
import { assertMayReadMetrics } from './metrics.policy.ts';

const metricsDoc: RouteDoc = {
  operationId: 'metrics',
  summary: "This instance's request, job and process figures in Prometheus text (loopback or METRICS_TOKEN only)",
  tags: ['health'],
  responses: { 200: { description: 'Prometheus text exposition format 0.0.4.', content: { 'text/plain': { schema: { type: 'string' } } } } },
};

/** GET /metrics: Prometheus text of this instance (lib/metrics.ts). */
export const metricsRoutes: FastifyPluginAsync<{ ctx: AppContext; metrics: Metrics }> = async (app, { ctx, metrics }) => {
  app.get('/metrics', { config: { auth: 'public', openapi: metricsDoc }, logLevel: 'warn' }, async (request, reply) => {
    const forwarded = request.headers['x-forwarded-for'];
    assertMayReadMetrics(
      {
        socketAddress: request.socket.remoteAddress,
        forwardedFor: Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
        authorization: request.headers.authorization,
      },
      ctx.config.metricsToken,
    );
    return reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
};
