import { routes } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { ok, sendPdf } from '../../lib/reply.ts';
import { callerOf } from '../auth/index.ts';
import { badgeSheet, qrCodeChoices, stationQrSheet, videoQrSheet } from './shopfloor.service.ts';

/** The shop floor's printed QR labels. */
export const shopfloorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.route({ ...contractRoute(routes.shopfloorQrCodes), handler: async (request) => ok(await qrCodeChoices(ctx, callerOf(request))) });

  app.route({
    ...contractRoute(routes.videoQrSheetPdf),
    handler: async (request, reply) => {
      const pdf = await videoQrSheet(ctx, callerOf(request), request.query.video_ids, request.locale);
      return sendPdf(reply, pdf, 'video-qr-codes.pdf');
    },
  });

  app.route({
    ...contractRoute(routes.stationQrSheetPdf),
    handler: async (request, reply) => {
      const pdf = await stationQrSheet(ctx, callerOf(request), request.query.station_ids, request.locale);
      return sendPdf(reply, pdf, 'station-qr-codes.pdf');
    },
  });

  app.route({
    ...contractRoute(routes.badgeSheetPdf),
    handler: async (request, reply) => {
      const pdf = await badgeSheet(ctx, callerOf(request), request.query.team_id, request.locale);
      return sendPdf(reply, pdf, 'toolbox-badges.pdf');
    },
  });
};
