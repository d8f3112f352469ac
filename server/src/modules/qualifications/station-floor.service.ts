import {
  type QualificationState,
  SIGNOFF_REQUEST_HOURS,
  SIGNOFF_REQUEST_NOT_NEEDED,
  SIGNOFF_REQUEST_NOT_READY,
  SIGNOFF_REQUEST_REPEAT,
  type SignoffRequestData,
  type StationFloorData,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { HOUR, now, toIso } from '../../lib/clock.ts';
import { conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import { recipientLocale } from '../../lib/i18n.ts';
import { fullName } from '../../lib/person-name.ts';
import type { Caller } from '../auth/index.ts';
import { signoffRequestMail } from '../mail/index.ts';
import { insertNotices } from '../notices/index.ts';
import { assertCanReadStations, findStation, peopleOf, requiredVideosOf, STATION_NOT_FOUND, type StationRow } from '../stations/index.ts';
import { mailLocales } from '../users/index.ts';
import { titlesFor } from '../videos/index.ts';
import { QUALIFICATION_NOTICE } from './qualification-state.ts';
import { qualificationsOfPerson, stationStanding } from './qualifications.queries.ts';
import { clockState } from './qualifications.rules.ts';
import { claimSignoffRequest, lastSignoffRequest, stationSigners } from './signoff-requests.queries.ts';
import { floorStanding } from './station-floor.rules.ts';
import { completedRecords } from './training-records.queries.ts';

const REQUEST_WAIT = SIGNOFF_REQUEST_HOURS * HOUR;
const needsSignoff = (station: StationRow) => station.kind === 'station' && station.checklist.length > 0;

async function stationOf(ctx: AppContext, caller: Caller, organizationId: number, stationId: number): Promise<StationRow> {
  assertCanReadStations(caller, organizationId);
  const station = await findStation(ctx.db, organizationId, stationId);
  if (!station) throw notFound(STATION_NOT_FOUND);
  return station;
}

/** The caller's state at the station, the clock applied; null when not assigned there. */
async function myState(ctx: AppContext, caller: Caller, organizationId: number, station: StationRow, t: number) {
  const row = (await qualificationsOfPerson(ctx.db, organizationId, caller.userId)).find((r) => r.station_id === station.id);
  return row ? { ...row, state: clockState(row.state, row.expires_at, station.warning_days, t) } : null;
}

/**
 * A person's state at a station as the matrix shows it (the clock applied; null when not assigned there) and its
 * expiry, for an organization's own systems (the integrations' "cleared for this station?"), read in one statement:
 * `no_member` when the person is no live member of the organization, `no_station` when it has no such station.
 */
export async function personStateAtStation(
  ctx: AppContext,
  organizationId: number,
  userId: number,
  stationId: number,
): Promise<'no_member' | 'no_station' | { state: QualificationState | null; expiresAt: number | null }> {
  const row = await stationStanding(ctx.db, organizationId, stationId, userId);
  if (!row) return 'no_member';
  if (row.warning_days === null) return 'no_station';
  if (row.state === null) return { state: null, expiresAt: null };
  return { state: clockState(row.state, row.expires_at, row.warning_days, now()), expiresAt: row.expires_at };
}

/** What the station's QR label opens for the signed-in operator: the verdict with its reason, the clips, who signs off. */
export async function stationFloor(ctx: AppContext, caller: Caller, organizationId: number, stationId: number): Promise<StationFloorData> {
  const station = await stationOf(ctx, caller, organizationId, stationId);
  const t = now();
  const [videos, mine, signers, requestedAt, titles] = await Promise.all([
    requiredVideosOf(ctx.db, [station.id]),
    myState(ctx, caller, organizationId, station, t),
    stationSigners(ctx.db, organizationId, station.id),
    lastSignoffRequest(ctx.db, station.id, caller.userId),
    titlesFor(ctx.db, caller),
  ]);
  const records = await completedRecords(
    ctx.db,
    [caller.userId],
    videos.map((v) => v.video_id),
  );
  const watched = new Set(records.map((r) => r.video_id));
  // Titles in the operator's language (the kiosk's switcher, their own), as the library shows them.
  const clips = videos.map((v) => ({
    video_id: v.video_id,
    title: titles.get(v.video_id)?.title ?? v.title,
    revision: v.revision,
    watched: watched.has(v.video_id),
  }));
  const standing = floorStanding({
    state: mine?.state ?? null,
    needsSignoff: needsSignoff(station),
    required: clips.length,
    watched: clips.filter((c) => c.watched).length,
    checkMissing: mine !== undefined && mine !== null && mine.checks_passed_count < mine.checks_required_count,
    dueAt: mine?.due_at ?? null,
    expiresAt: mine?.expires_at ?? null,
    toWatch: clips.filter((c) => !c.watched).map((c) => (c.revision > 1 ? `${c.title} (revision ${c.revision})` : c.title)),
    t,
  });
  const awaiting = mine?.state === 'awaiting_signoff' && needsSignoff(station);
  const recentRequest = awaiting && requestedAt !== null && requestedAt > t - REQUEST_WAIT ? requestedAt : null;
  return {
    station: { id: station.id, name: station.name, kind: station.kind, description: station.description },
    ...standing,
    state: mine?.state ?? null,
    clips,
    signers: needsSignoff(station) ? signers.map(fullName) : [],
    can_request_signoff: awaiting && recentRequest === null,
    signoff_requested_at: toIso(recentRequest),
  };
}

/**
 * "Ask for sign-off" at the machine: once the operator's videos are done, the station's trainers (or the super users
 * when it names none) get a notice and an e-mail. At most one request per person and station every few hours,
 * claimed in the database so a double tap or two instances notify once.
 */
export async function requestSignoff(ctx: AppContext, caller: Caller, organizationId: number, stationId: number): Promise<SignoffRequestData> {
  const station = await stationOf(ctx, caller, organizationId, stationId);
  if (!needsSignoff(station)) throw conflict(SIGNOFF_REQUEST_NOT_NEEDED);
  const t = now();
  const mine = await myState(ctx, caller, organizationId, station, t);
  if (mine?.state !== 'awaiting_signoff') throw conflict(SIGNOFF_REQUEST_NOT_READY);
  const [person] = await peopleOf(ctx.db, organizationId, [caller.userId]);
  const personName = person ? fullName(person) : 'A member';
  const signers = (await stationSigners(ctx.db, organizationId, station.id)).filter((s) => s.id !== caller.userId);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimSignoffRequest(trx, station.id, caller.userId, t, t - REQUEST_WAIT))) return false;
    await insertNotices(
      trx,
      signers.map((s) => ({
        userId: s.id,
        senderId: caller.userId,
        kind: QUALIFICATION_NOTICE,
        text: { key: 'signoffRequested', values: { person: personName, station: station.name } },
      })),
      t,
    );
    return true;
  });
  if (!claimed) {
    const last = (await lastSignoffRequest(ctx.db, station.id, caller.userId)) ?? t;
    throw tooManyRequests(SIGNOFF_REQUEST_REPEAT, (last + REQUEST_WAIT - t) / 1000);
  }
  const url = `${ctx.config.publicUrl}/qualifications/people/${caller.userId}`;
  const languages = await mailLocales(
    ctx.db,
    signers.map((s) => s.id),
  );
  // Trainers without e-mail (known by their employee number) are not written to.
  for (const s of signers) {
    if (!s.email) continue;
    const language = languages.get(s.id);
    await ctx.mailer.send(
      s.email,
      'signoff-request',
      signoffRequestMail(s.name, personName, station.name, url, recipientLocale(language?.own, language?.organization)),
    );
  }
  return { notified: signers.length, requested_at: toIso(t) ?? '' };
}
