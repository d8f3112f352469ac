import { badgeSheetQuery, qrCodesData, stationQrSheetQuery, videoQrSheetQuery } from '@mm/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../lib/auth.ts';
import { envelope, ok, sendPdf } from '../../lib/reply.ts';
import { badgeSheet, qrCodeChoices, stationQrSheet, videoQrSheet } from './shopfloor.service.ts';

/** The shop floor's printed QR labels. */
export const shopfloorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/shopfloor/qr-codes', { schema: { response: { 200: envelope(qrCodesData) } } }, async (request) => ok(await qrCodeChoices(ctx, callerOf(request))));

  app.get('/shopfloor/qr-codes/videos.pdf', { schema: { querystring: videoQrSheetQuery } }, async (request, reply) => {
    const pdf = await videoQrSheet(ctx, callerOf(request), request.query.video_ids);
    return sendPdf(reply, pdf, 'video-qr-codes.pdf');
  });

  app.get('/shopfloor/qr-codes/stations.pdf', { schema: { querystring: stationQrSheetQuery } }, async (request, reply) => {
    const pdf = await stationQrSheet(ctx, callerOf(request), request.query.station_ids);
    return sendPdf(reply, pdf, 'station-qr-codes.pdf');
  });

  app.get('/shopfloor/badges.pdf', { schema: { querystring: badgeSheetQuery } }, async (request, reply) => {
    const pdf = await badgeSheet(ctx, callerOf(request), request.query.team_id);
    return sendPdf(reply, pdf, 'toolbox-badges.pdf');
  });
};
