import { z } from 'zod';
import { catalogId } from './catalog.ts';

/** Shop floor QR labels (issue 17). */

export const MAX_QR_LABELS = 120;

export const qrCodesData = z.object({
  videos: z.array(z.object({ id: z.number(), title: z.string() })),
  /** The organization's work stations (not required training): a label at the machine opens /station/{id}. */
  stations: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The organization's teams, for a badge sheet per team. */
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type QrCodesData = z.infer<typeof qrCodesData>;

/** Ids as comma-separated values in the query ("3,7,12"), so a sheet is a plain GET. */
const idList = (empty: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v), z.array(catalogId).min(1, empty).max(MAX_QR_LABELS));

export const videoQrSheetQuery = z.object({ video_ids: idList('Pick at least one video for the QR sheet.') });
export const stationQrSheetQuery = z.object({ station_ids: idList('Pick at least one station for the QR sheet.') });

/** GET /shopfloor/badges.pdf?team_id=: a badge with a QR code per person (of one team, or everyone), for toolbox attendance. */
export const badgeSheetQuery = z.object({ team_id: catalogId.optional() });
