import type { QrCodesData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { listClips } from '../toolbox/toolbox.queries.ts';
import { qrSheetPdf } from './qr-sheet-pdf.ts';
import { qrOrganizationOf } from './shopfloor.policy.ts';

export const NO_VIDEOS_CHOSEN = 'Pick at least one video for the QR sheet.';

/** What a sheet can be printed for. */
export async function qrCodeChoices(ctx: AppContext, caller: Caller): Promise<QrCodesData> {
  qrOrganizationOf(caller);
  return { videos: (await listClips(ctx.db)).map(({ id, title }) => ({ id, title })) };
}

/**
 * A sheet of QR codes, one per video, each opening the video's page (/video/{id}): a stable address that needs a
 * sign-in and answers only to members whose path opens the video, so a label at a machine reveals nothing.
 */
export async function videoQrSheet(ctx: AppContext, caller: Caller, videoIds: number[]): Promise<Buffer> {
  qrOrganizationOf(caller);
  const chosen = new Set(videoIds);
  const videos = (await listClips(ctx.db)).filter((v) => chosen.has(v.id));
  if (videos.length === 0) throw badRequest(NO_VIDEOS_CHOSEN);
  return qrSheetPdf(
    'Manufacturing Masters: scan with your phone camera to watch (sign-in required)',
    videos.map((v) => ({ title: v.title, caption: 'Video', url: `${ctx.config.publicUrl}/video/${v.id}` })),
  );
}
