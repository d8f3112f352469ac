import type { DomainEvents } from '../../lib/domain-events.ts';
import { issueCertificateOnCheckPass } from './certificates.service.ts';
import { POINTS } from './learning.rules.ts';
import { addPoints, applyWatchDelta, rebuildCategoryStats } from './learning-stats.queries.ts';

/** What learning does when a fact is reported, its own included (docs/architecture.md, "Domain events"). */
export function subscribeLearning(events: DomainEvents): void {
  // The kept figures (category figures, points) change by exactly what the report did, in its transaction.
  events.on('watch.reported', 'learning: category figures and points', (trx, e) =>
    applyWatchDelta(trx, {
      userId: e.userId,
      organizationId: e.organizationId,
      video: { category_id: e.video.categoryId, in_test: e.video.listed ? 1 : 0 },
      started: e.started,
      watched: e.watched,
      seconds: e.seconds,
      t: e.at,
    }),
  );
  // A video may have moved to another category or become (un)listed: the kept category figures follow.
  events.on('catalog.imported', 'learning: recount category figures', (trx) => rebuildCategoryStats(trx));
  // A category's certificate that waited for its check is issued on the pass, in its transaction.
  events.on('category_check.passed', 'learning: category certificate', (trx, e) => issueCertificateOnCheckPass(events, trx, e));
  // A certificate's points, with the certificate (it is issued once, so they are added once).
  events.on('certificate.issued', 'learning: certificate points', (trx, e) =>
    addPoints(trx, e, e.kind === 'category' ? POINTS.certificate : POINTS.microCertificate, e.at),
  );
}
