import { routes } from '@mm/contract';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';

/** GET /api/shopfloor/qr-codes/stations.pdf: labels opening /station/{id}, to stick on the machines. */
export async function downloadStationQrSheet(stationIds: number[]): Promise<void> {
  saveFile(await apiDownload(routes.stationQrSheetPdf, { query: { station_ids: stationIds.join(',') } }), 'station-qr-codes.pdf');
}
