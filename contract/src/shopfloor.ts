import { z } from 'zod';
import { catalogId } from './catalog.ts';

/** Shop floor QR labels (issue 17). */

export const MAX_QR_LABELS = 120;

export const qrCodesData = z.object({ videos: z.array(z.object({ id: z.number(), title: z.string() })) });
export type QrCodesData = z.infer<typeof qrCodesData>;

/** `video_ids` as comma-separated ids in the query ("3,7,12"), so the sheet is a plain GET. */
export const videoQrSheetQuery = z.object({
  video_ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z.array(catalogId).min(1, 'Pick at least one video for the QR sheet.').max(MAX_QR_LABELS),
  ),
});
