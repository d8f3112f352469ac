import { routes } from '@mm/contract';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';

/** GET /api/assessments/videos/:videoId/results.csv: every member's standing, as a spreadsheet. */
export async function downloadCheckResults(videoId: number): Promise<void> {
  saveFile(await apiDownload(routes.assessmentResultsCsv, { params: { videoId } }), `check-results-${videoId}.csv`);
}
