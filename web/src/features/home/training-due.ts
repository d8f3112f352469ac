import type { QualificationDetail } from '@mm/contract';
import { formatDate } from '../../lib/date.ts';
import { dueText } from '../../lib/due-text.ts';

export type DueItem = { detail: QualificationDetail; text: string; overdue: boolean; nextVideoId: number | null };

/** What the member still owes, soonest first: not cleared yet with a due date, or cleared but up for renewal. */
export function dueItems(stations: QualificationDetail[], now = Date.now()): DueItem[] {
  return stations
    .flatMap((detail) => {
      if (detail.due_at === null) return [];
      const nextVideoId = detail.required.find((r) => r.completed_revision === null)?.video_id ?? null;
      if (detail.state === 'expiring') return [{ detail, text: `Renew by ${formatDate(detail.due_at)}`, overdue: false, nextVideoId }];
      const text = dueText(detail.due_at, detail.state, now);
      return text ? [{ detail, text, overdue: text === 'Overdue', nextVideoId }] : [];
    })
    .sort((a, b) => Date.parse(a.detail.due_at ?? '') - Date.parse(b.detail.due_at ?? ''));
}
