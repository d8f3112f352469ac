import { routes } from '@mm/contract';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';

/** GET /api/toolbox/talks/{id}/pdf, saved as a download. */
export async function downloadAttendanceSheet(talkId: number): Promise<void> {
  saveFile(await apiDownload(routes.toolboxTalksPdf, { params: { talkId } }), `toolbox-talk-${talkId}.pdf`);
}
