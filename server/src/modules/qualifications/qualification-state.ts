import type { QualificationState } from '@mm/contract';
import type { DbTransaction } from '../../db/client.ts';
import { DAY, formatDay } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { appendEvidence, type EvidenceEntry, type EvidenceKind } from '../evidence/index.ts';
import { insertNotices, type NewNotice } from '../notices/index.ts';
import { type StationRow, stationsByIds, stationsRequiring } from '../stations/index.ts';
import { type QualificationRow, refreshSources, updateQualification } from './qualifications.queries.ts';
import { nextStanding } from './qualifications.rules.ts';
import { addTrainingSeconds, markCheckPassed, supersedeRecords, type TrainedVideo } from './training-records.queries.ts';

/**
 * Keeps the qualification rows current. Every function here runs inside the caller's transaction: the watch
 * report, a sign-off, a station change, a catalog revision or the daily clock. A transition writes the row (only if
 * it is still in the state it was evaluated from), its evidence record and the person's notice together.
 */

export const QUALIFICATION_NOTICE = 'qualification';

type Transition = { row: QualificationRow; station: StationRow; to: QualificationState; expiresAt: number | null };

function transitionNotice(t: Transition): NewNotice | null {
  const station = t.station.name;
  switch (t.to) {
    case 'qualified':
      return {
        userId: t.row.user_id,
        senderId: null,
        kind: QUALIFICATION_NOTICE,
        text: t.expiresAt === null ? { key: 'qualified', values: { station } } : { key: 'qualifiedUntil', values: { station, day: formatDay(t.expiresAt) } },
      };
    case 'awaiting_signoff':
      return {
        userId: t.row.user_id,
        senderId: null,
        kind: QUALIFICATION_NOTICE,
        text: { key: 'trainingComplete', values: { station } },
      };
    case 'expiring':
      return {
        userId: t.row.user_id,
        senderId: null,
        kind: QUALIFICATION_NOTICE,
        text: { key: 'qualificationExpiring', values: { station, day: formatDay(t.expiresAt ?? 0) } },
      };
    case 'expired':
      return {
        userId: t.row.user_id,
        senderId: null,
        kind: QUALIFICATION_NOTICE,
        text: { key: 'qualificationExpired', values: { station } },
      };
    case 'retraining_due':
      return {
        userId: t.row.user_id,
        senderId: null,
        kind: QUALIFICATION_NOTICE,
        text: { key: 'retrainingDue', values: { station } },
      };
    default:
      return null;
  }
}

const EVIDENCED = ['qualified', 'expiring', 'expired', 'retraining_due'] as const satisfies readonly EvidenceKind[];
const isEvidenced = (state: QualificationState): state is (typeof EVIDENCED)[number] => (EVIDENCED as readonly string[]).includes(state);

/**
 * The evidence and notices of the transitions that happened, grouped per organization's chain, and a
 * `qualification.changed` per transition (webhooks subscribe to it).
 */
async function announce(events: DomainEvents, db: DbTransaction, transitions: Transition[], t: number): Promise<void> {
  const byOrganization = new Map<number, EvidenceEntry[]>();
  for (const tr of transitions) {
    const kind = tr.to;
    if (!isEvidenced(kind)) continue;
    const entries = byOrganization.get(tr.row.organization_id) ?? [];
    entries.push({
      kind,
      at: t,
      user_id: tr.row.user_id,
      station_id: tr.row.station_id,
      video_id: null,
      revision: null,
      detail: { station: tr.station.name, from: tr.row.state, expires_at: tr.expiresAt === null ? null : new Date(tr.expiresAt).toISOString() },
    });
    byOrganization.set(tr.row.organization_id, entries);
  }
  for (const [organizationId, entries] of byOrganization) await appendEvidence(db, organizationId, entries);
  await insertNotices(
    db,
    transitions.map(transitionNotice).filter((n) => n !== null),
    t,
  );
  for (const tr of transitions) {
    await events.emit(db, 'qualification.changed', {
      at: t,
      userId: tr.row.user_id,
      organizationId: tr.row.organization_id,
      stationId: tr.row.station_id,
      stationName: tr.station.name,
      from: tr.row.state,
      to: tr.to,
      expiresAt: tr.expiresAt,
    });
  }
}

/** Re-evaluates the rows of the stations (and people) from the kept figures. */
export async function refreshQualifications(
  events: DomainEvents,
  db: DbTransaction,
  filter: { stationIds: number[]; userIds?: number[] },
  t: number,
): Promise<void> {
  const stations = new Map((await stationsByIds(db, filter.stationIds)).map((s) => [s.id, s]));
  const sources = await refreshSources(db, { ...filter, stationIds: [...stations.keys()] });
  const transitions: Transition[] = [];
  for (const source of sources) {
    const station = stations.get(source.station_id)!;
    const next = nextStanding(
      {
        state: source.state,
        required: source.required_now,
        completed: source.completed_now,
        checksRequired: source.checks_required_now,
        checksPassed: source.checks_passed_now,
        needsSignoff: station.checklist.length > 0,
        lastSignedAt: source.last_signed_at,
        cycleStartedAt: source.cycle_started_at,
        qualifiedAt: source.qualified_at,
        expiresAt: source.expires_at,
      },
      { validityMonths: station.validity_months, warningDays: station.warning_days },
      t,
    );
    const figuresMoved =
      source.required_now !== source.required_count ||
      source.completed_now !== source.completed_count ||
      source.checks_required_now !== source.checks_required_count ||
      source.checks_passed_now !== source.checks_passed_count;
    if (next.state === source.state && next.expiresAt === source.expires_at && !figuresMoved) continue;
    const becameQualified = next.state === 'qualified' && source.state !== 'qualified';
    const won = await updateQualification(
      db,
      { stationId: source.station_id, userId: source.user_id, from: source.state },
      {
        state: next.state,
        required_count: source.required_now,
        completed_count: source.completed_now,
        checks_required_count: source.checks_required_now,
        checks_passed_count: source.checks_passed_now,
        qualified_at: next.qualifiedAt,
        expires_at: next.expiresAt,
        ...(becameQualified ? { due_at: null } : {}),
      },
      t,
    );
    if (won && next.state !== source.state) transitions.push({ row: source, station, to: next.state, expiresAt: next.expiresAt });
  }
  await announce(events, db, transitions, t);
}

/**
 * The watch report's part: adds the seconds to the member's training record and, when the report completes it,
 * records the completion (with the revision watched) in the organization's evidence and re-evaluates the member
 * at every station requiring the video.
 */
export async function recordTraining(
  events: DomainEvents,
  db: DbTransaction,
  r: { userId: number; organizationId: number | null; video: TrainedVideo & { title: string }; seconds: number; t: number },
) {
  const completed = await addTrainingSeconds(db, r);
  if (!completed || r.organizationId === null) return;
  await appendEvidence(db, r.organizationId, [
    {
      kind: 'video_completed',
      at: r.t,
      user_id: r.userId,
      station_id: null,
      video_id: r.video.id,
      revision: r.video.revision,
      detail: { video: r.video.title },
    },
  ]);
  const stationIds = await stationsRequiring(db, [r.video.id]);
  await refreshQualifications(events, db, { stationIds, userIds: [r.userId] }, r.t);
}

/**
 * A member passed the knowledge check of a video (`check.passed`): the pass is kept on their open training record of
 * the video (opened when they took the check before finishing it), so closing that record for retraining or
 * recertification asks for the check again, and every station requiring the video is re-evaluated for them.
 */
export async function recordCheckPassed(
  events: DomainEvents,
  db: DbTransaction,
  r: { userId: number; organizationId: number; videoId: number; t: number },
): Promise<void> {
  await markCheckPassed(db, r);
  const stationIds = await stationsRequiring(db, [r.videoId]);
  await refreshQualifications(events, db, { stationIds, userIds: [r.userId] }, r.t);
}

/** Moves one row to another state (if it is still in the one it was read in) and announces it. */
export async function moveQualification(
  events: DomainEvents,
  db: DbTransaction,
  row: QualificationRow,
  station: StationRow,
  to: QualificationState,
  t: number,
  extra: { cycle_started_at?: number; due_at?: number | null } = {},
): Promise<boolean> {
  const won = await updateQualification(
    db,
    { stationId: row.station_id, userId: row.user_id, from: row.state },
    {
      state: to,
      required_count: row.required_count,
      completed_count: row.completed_count,
      qualified_at: row.qualified_at,
      expires_at: row.expires_at,
      ...extra,
    },
    t,
  );
  if (won) await announce(events, db, [{ row, station, to, expiresAt: row.expires_at }], t);
  return won;
}

/**
 * Starts a new cycle for a held row: the person's completed records of the given videos are closed (history kept)
 * so they watch them again, and sign-offs count from now. Recertification and retraining.
 */
export async function startNewCycle(
  events: DomainEvents,
  db: DbTransaction,
  row: QualificationRow,
  station: StationRow,
  change: { to: QualificationState; videoIds: number[]; dueAt: number | null },
  t: number,
): Promise<boolean> {
  const won = await moveQualification(events, db, row, station, change.to, t, { cycle_started_at: t, due_at: change.dueAt });
  if (won) await supersedeRecords(db, { videoIds: change.videoIds, userId: row.user_id }, t);
  return won;
}

export const dueAfter = (station: StationRow, t: number) => t + station.due_days * DAY;
