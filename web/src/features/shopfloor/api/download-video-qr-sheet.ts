import { routes } from '@mm/contract';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';

/** GET /api/shopfloor/qr-codes/videos.pdf, saved as a download. */
export async function downloadVideoQrSheet(videoIds: number[]): Promise<void> {
  saveFile(await apiDownload(routes.videoQrSheetPdf, { query: { video_ids: videoIds.join(',') } }), 'video-qr-codes.pdf');
}
