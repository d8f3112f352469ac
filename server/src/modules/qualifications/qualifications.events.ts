import type { DomainEvents } from '../../lib/domain-events.ts';
import { recordCheckPassed, recordTraining } from './qualification-state.ts';
import { retrainOnRevisions } from './retraining.ts';

/** What qualifications do when other modules report a fact (docs/architecture.md, "Domain events"). */
export function subscribeQualifications(events: DomainEvents): void {
  // A counted watch report adds to the member's training record; completing it re-evaluates their stations.
  events.on('watch.reported', 'qualifications: training record and stations', (trx, e) =>
    recordTraining(events, trx, {
      userId: e.userId,
      organizationId: e.organizationId,
      video: { id: e.video.id, title: e.video.title, duration_seconds: e.video.durationSeconds, revision: e.video.revision },
      seconds: e.seconds,
      t: e.at,
    }),
  );
  // A passed knowledge check counts toward the stations that require it (with the videos and the sign-off).
  events.on('check.passed', 'qualifications: stations requiring the check', (trx, e) =>
    recordCheckPassed(events, trx, { userId: e.userId, organizationId: e.organizationId, videoId: e.videoId, t: e.at }),
  );
  // A revision that requires retraining sends the people qualified through the video back to training.
  events.on('video.revised', 'qualifications: retraining', (trx, e) =>
    retrainOnRevisions(events, trx, [{ videoId: e.videoId, revision: e.revision, requiresRetraining: e.requiresRetraining }], e.at),
  );
}
