import type { DbTransaction } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { NewRevision } from '../catalog/index.ts';
import { stationsByIds, stationsRequiring } from '../stations/index.ts';
import { dueAfter, refreshQualifications, startNewCycle } from './qualification-state.ts';
import { qualificationsOfStations } from './qualifications.queries.ts';
import { isCleared } from './qualifications.rules.ts';
import { supersedeRecords } from './training-records.queries.ts';

/**
 * A catalog import made new revisions, some flagged `requires_retraining`: in the import's transaction, everyone
 * cleared at a station requiring such a video moves to "retraining due" (notified, evidence kept), and every open
 * training record of those videos is closed, so the new revision must be watched to count again.
 */
export async function retrainOnRevisions(events: DomainEvents, db: DbTransaction, revisions: NewRevision[], t: number): Promise<void> {
  const videoIds = revisions.filter((r) => r.requiresRetraining).map((r) => r.videoId);
  if (!videoIds.length) return;
  const stations = new Map((await stationsByIds(db, await stationsRequiring(db, videoIds))).map((s) => [s.id, s]));
  for (const row of await qualificationsOfStations(db, [...stations.keys()])) {
    const station = stations.get(row.station_id)!;
    if (isCleared(row.state)) await startNewCycle(events, db, row, station, { to: 'retraining_due', videoIds: [], dueAt: dueAfter(station, t) }, t);
  }
  await supersedeRecords(db, { videoIds }, t);
  await refreshQualifications(events, db, { stationIds: [...stations.keys()] }, t);
}
