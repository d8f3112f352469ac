import type { StationFloorData } from '@mm/contract';
import type { TFunction } from 'i18next';

/**
 * A station verdict's headline and reason in the reader's language, from the server's code and figures (the server's
 * `headline` and `reason` are English). A copy saved offline by a release before the codes keeps its English texts.
 */
export function floorTexts(t: TFunction<'station-floor'>, data: StationFloorData): { headline: string; reason: string } {
  if (!data.reason_code) return { headline: data.headline, reason: data.reason };
  const p = data.reason_params;
  const redo = p.signoff ? t('redo.signoff') : t('redo.videos');
  const headline = data.state === 'expired' && data.reason_code === 'expired' ? t('headline.expired') : t(`headline.${data.verdict}`);
  switch (data.reason_code) {
    case 'expiring':
      return { headline, reason: t('reason.expiring', { until: p.until, redo }) };
    case 'expired':
      return { headline, reason: p.until ? t('reason.expired', { until: p.until, redo }) : t('reason.expiredUndated', { redo }) };
    case 'retraining_due': {
      const videos = data.clips
        .filter((c) => !c.watched)
        .map((c) => (c.revision > 1 ? t('reason.revised', { title: c.title, revision: c.revision }) : c.title))
        .join(', ');
      return { headline, reason: t('reason.retraining_due', { videos: videos || t('reason.aVideo'), redo }) };
    }
    case 'training':
    case 'check_needed': {
      const due = p.due ? t(p.overdue ? 'reason.overdue' : 'reason.dueBy', { date: p.due }) : '';
      const signoff = p.signoff ? t('reason.thenSignoff') : '';
      if (data.reason_code === 'check_needed') return { headline, reason: t('reason.check_needed', { due, signoff }) };
      const check = p.check ? t('reason.andCheck') : '';
      return { headline, reason: t('reason.training', { left: p.left, count: p.required, check, due, signoff }) };
    }
    default:
      return { headline, reason: t(`reason.${data.reason_code}`, { until: p.until }) };
  }
}
