import { defineRoute, defineRoutes } from '../route.ts';
import { badgeSheetQuery, qrCodesData, stationQrSheetQuery, videoQrSheetQuery } from '../shopfloor.ts';

/** QR labels and badges to print. */
export const shopfloorRoutes = defineRoutes('shopfloor', {
  shopfloorQrCodes: defineRoute({
    method: 'GET',
    path: '/api/shopfloor/qr-codes',
    summary: 'What QR labels can be printed for: videos, stations, teams',
    answer: qrCodesData,
  }),
  videoQrSheetPdf: defineRoute({
    method: 'GET',
    path: '/api/shopfloor/qr-codes/videos.pdf',
    summary: 'Download QR labels for videos (PDF)',
    query: videoQrSheetQuery,
    answer: 'file',
    files: ['application/pdf'],
  }),
  stationQrSheetPdf: defineRoute({
    method: 'GET',
    path: '/api/shopfloor/qr-codes/stations.pdf',
    summary: 'Download QR labels for stations (PDF)',
    query: stationQrSheetQuery,
    answer: 'file',
    files: ['application/pdf'],
  }),
  badgeSheetPdf: defineRoute({
    method: 'GET',
    path: '/api/shopfloor/badges.pdf',
    summary: "Download people's badges (PDF)",
    query: badgeSheetQuery,
    answer: 'file',
    files: ['application/pdf'],
  }),
});
