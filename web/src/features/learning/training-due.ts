import type { QualificationDetail } from '@mm/contract';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/date.ts';

export type DueItem = { detail: QualificationDetail; text: string; overdue: boolean; nextVideoId: number | null };

const DAY = 86_400_000;

/** What the member still owes, soonest first (in the `home` namespace's `t`): not cleared yet with a due date, or cleared but up for renewal. */
export function dueItems(stations: QualificationDetail[], t: TFunction<'home'>, now = Date.now()): DueItem[] {
  return stations
    .flatMap((detail) => {
      if (detail.due_at === null || detail.state === 'qualified') return [];
      const nextVideoId = detail.required.find((r) => r.completed_revision === null)?.video_id ?? null;
      if (detail.state === 'expiring') return [{ detail, text: t('due.renewBy', { date: formatDate(detail.due_at) }), overdue: false, nextVideoId }];
      const left = Date.parse(detail.due_at) - now;
      if (left < 0) return [{ detail, text: t('due.overdue'), overdue: true, nextVideoId }];
      const days = Math.ceil(left / DAY);
      return [{ detail, text: days === 0 ? t('due.today') : t('due.inDays', { count: days }), overdue: false, nextVideoId }];
    })
    .sort((a, b) => Date.parse(a.detail.due_at ?? '') - Date.parse(b.detail.due_at ?? ''));
}
