import { routes } from '@mm/contract';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';

/** GET /api/shopfloor/badges.pdf: a badge per person (of one team, or everyone) for toolbox attendance. */
export async function downloadBadgeSheet(teamId: number | null): Promise<void> {
  saveFile(await apiDownload(routes.badgeSheetPdf, { query: { team_id: teamId ?? undefined } }), 'toolbox-badges.pdf');
}
