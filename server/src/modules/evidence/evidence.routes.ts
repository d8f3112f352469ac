import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok, sendCsv, sendPdf } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { auditPack, type StandingReader, verifyEvidence } from './audit-pack.ts';
import { sealLegacyChains } from './evidence-head.ts';

/**
 * The audit pack and the chain's verification; at start, the seal of chains written before they were keyed. The weekly
 * evidence head is a job of the queue (server/src/background-work.ts). `standing` is the qualifications module's reader
 * of the current standing (app.ts passes it: that module sits above this one).
 */
export const evidenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; standing: StandingReader }> = async (app, { ctx, standing }) => {
  app.route({
    ...contractRoute(routes.organizationAuditPack),
    handler: async (request, reply) => {
      const pack = await auditPack(ctx, callerOf(request), request.params.orgId, request.query, standing, request.locale);
      return pack.kind === 'pdf' ? sendPdf(reply, pack.body, pack.filename) : sendCsv(reply, pack.body, pack.filename);
    },
  });

  app.route({
    ...contractRoute(routes.organizationAuditPackVerify),
    handler: async (request) => ok(await verifyEvidence(ctx, callerOf(request), request.params.orgId, request.query, request.locale)),
  });

  app.addHook('onReady', async () => {
    await sealLegacyChains(ctx);
  });
};
