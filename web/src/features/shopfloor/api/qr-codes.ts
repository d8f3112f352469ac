import { type QrCodesData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest, saveFile } from '../../../lib/api-client.ts';

/** GET /api/shopfloor/qr-codes: what a QR sheet can be printed for. */
export async function getQrCodeChoices(): Promise<QrCodesData> {
  return (await apiRequest(routes.shopfloorQrCodes)).data;
}

export function useQrCodeChoices() {
  return useQuery(queryOptions({ queryKey: ['shopfloor', 'qr-codes'], queryFn: getQrCodeChoices }));
}

/** GET /api/shopfloor/qr-codes/videos.pdf, saved as a download. */
export async function downloadVideoQrSheet(videoIds: number[]): Promise<void> {
  saveFile(await apiDownload(routes.videoQrSheetPdf, { query: { video_ids: videoIds.join(',') } }), 'video-qr-codes.pdf');
}

/** GET /api/shopfloor/qr-codes/stations.pdf: labels opening /station/{id}, to stick on the machines. */
export async function downloadStationQrSheet(stationIds: number[]): Promise<void> {
  saveFile(await apiDownload(routes.stationQrSheetPdf, { query: { station_ids: stationIds.join(',') } }), 'station-qr-codes.pdf');
}

/** GET /api/shopfloor/badges.pdf: a badge per person (of one team, or everyone) for toolbox attendance. */
export async function downloadBadgeSheet(teamId: number | null): Promise<void> {
  saveFile(await apiDownload(routes.badgeSheetPdf, { query: { team_id: teamId ?? undefined } }), 'toolbox-badges.pdf');
}
