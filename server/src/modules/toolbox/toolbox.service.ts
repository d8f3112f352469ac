import { BADGE_NOT_RECOGNISED, isWatched, type recordToolboxTalkRequest, type ToolboxPerson, type ToolboxSetupData, type ToolboxTalk } from '@mm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { now, toIso } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { fullName } from '../../lib/person-name.ts';
import type { Caller } from '../auth/index.ts';
import type { LocalTitles } from '../captions/index.ts';
import { recordTalkEvidence } from '../evidence/index.ts';
import { listTeams } from '../organization/index.ts';
import { reportWatchTime } from '../playback/index.ts';
import { organizationName } from '../tenancy/index.ts';
import { findUserById } from '../users/index.ts';
import { titlesFor, viewerOf } from '../videos/index.ts';
import { attendanceSheetPdf } from './attendance-pdf.ts';
import { readBadge } from './badges.ts';
import { toolboxOrganizationOf } from './toolbox.policy.ts';
import {
  type Attendee,
  findClip,
  findCrewMember,
  findPeople,
  findTalks,
  insertTalk,
  listClips,
  listCrew,
  markCredited,
  type TalkRow,
  trainsInOrganization,
} from './toolbox.queries.ts';

export const CLIP_NOT_FOUND = 'No such clip in the library.';
export const ATTENDEE_NOT_FOUND = 'Everyone attending must be a member of your organization.';
export const TALK_NOT_FOUND = 'No such toolbox talk in your organization.';
export const LEADER_NOT_ATTENDEE = 'You lead this talk, so you cannot also be one of its attendees: remove your own name from the attendance.';
const RECENT_TALKS = 20;

const leaderOrganizationOf = async (ctx: AppContext, caller: Caller) =>
  toolboxOrganizationOf(caller, !caller.isSuperUser && (await trainsInOrganization(ctx.db, caller.userId, caller.organizationId)));

export async function toolboxSetup(ctx: AppContext, caller: Caller, teamId: number | undefined): Promise<ToolboxSetupData> {
  const organizationId = await leaderOrganizationOf(ctx, caller);
  const [clips, teams, titles] = await Promise.all([listClips(ctx.db), listTeams(ctx.db, organizationId), titlesFor(ctx.db, caller)]);
  // The leader's own team first; a team of another organization is simply not one of the choices.
  const chosen = teams.find((t) => t.id === (teamId ?? caller.teamId)) ?? teams[0];
  return {
    // In the leader's language, in the order of the titles they read.
    clips: clips.map((clip) => ({ ...clip, title: titles.get(clip.id)?.title ?? clip.title })).sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id),
    teams: teams.map(({ id, name }) => ({ id, name })),
    team_id: chosen?.id ?? null,
    // The leader never attends their own talk, so they are not offered on the attendance.
    crew: chosen ? (await listCrew(ctx.db, organizationId, chosen.id)).filter((p) => p.user_id !== caller.userId) : [],
  };
}

/**
 * Records the talk and its attendance: always as "attended a toolbox talk" evidence in the organization's chain.
 * Only when the clip played to the watched threshold does the talk also count, for each attendee, as having watched
 * that clip (through the same watch report as the player, so progress, certificates, points and the training that
 * requires the clip follow); an attendee whose path locks or hides the clip, or whose organization cannot play, is
 * then recorded as attending without credit. The leader never attends their own talk (they cannot credit themself).
 */
export async function recordToolboxTalk(ctx: AppContext, caller: Caller, input: z.output<typeof recordToolboxTalkRequest>): Promise<ToolboxTalk> {
  const organizationId = await leaderOrganizationOf(ctx, caller);
  if (input.attendee_ids.includes(caller.userId)) throw badRequest(LEADER_NOT_ATTENDEE);
  const clip = await findClip(ctx.db, input.video_id);
  if (!clip) throw notFound(CLIP_NOT_FOUND);
  const playedSeconds = Math.min(Math.floor(input.played_seconds), clip.duration_seconds);
  const attendees = await findPeople(ctx.db, organizationId, input.attendee_ids);
  if (attendees.length !== input.attendee_ids.length) throw notFound(ATTENDEE_NOT_FOUND);
  const leader = await findUserById(ctx.db, caller.userId);
  const talkId = await insertTalk(
    ctx.db,
    {
      organizationId,
      videoId: clip.id,
      videoRevision: clip.revision,
      ledBy: caller.userId,
      leaderName: leader ? fullName(leader) : '',
      question: input.question,
      answer: input.answer,
      heldAt: now(),
      playedSeconds,
    },
    attendees.map((a) => ({ userId: a.id, name: fullName(a) })),
  );
  const credited: number[] = [];
  if (isWatched(playedSeconds, clip.duration_seconds)) {
    for (const attendee of attendees) {
      if (await creditWatch(ctx, attendee, organizationId, clip, playedSeconds)) credited.push(attendee.id);
    }
  }
  await markCredited(ctx.db, talkId, credited);
  const talk = await findTalkOrFail(ctx, organizationId, talkId);
  await recordTalkEvidence(ctx.db, organizationId, {
    talkId,
    heldAt: Number(talk.held_at),
    videoId: talk.video_id,
    videoTitle: talk.video_title,
    revision: talk.video_revision,
    leader: talk.leader_name,
    question: talk.question,
    answer: talk.answer,
    playedSeconds: talk.played_seconds,
    clipSeconds: talk.duration_seconds,
    attendees: talk.attendees.map((a) => ({ userId: a.user_id, credited: a.credited === 1 })),
  });
  return talkOf(talk, await titlesFor(ctx.db, caller));
}

async function creditWatch(ctx: AppContext, attendee: Attendee, organizationId: number, clip: { id: number }, playedSeconds: number): Promise<boolean> {
  const viewer = await viewerOf(ctx, {
    sessionId: 0,
    userId: attendee.id,
    organizationId,
    teamId: attendee.team_id,
    isSuperUser: attendee.is_super_user === 1,
    isGuest: false,
    kioskId: null,
  });
  try {
    await reportWatchTime(ctx, viewer, { user: attendee.id, video: clip.id, timeSpent: playedSeconds / 60 });
    return true;
  } catch (error) {
    // Refusals (locked, hidden, no subscription) mean "attended, not credited"; anything else is a real failure.
    if (error instanceof AppError && error.status < 500) return false;
    throw error;
  }
}

async function findTalkOrFail(ctx: AppContext, organizationId: number, talkId: number): Promise<TalkRow> {
  const [talk] = await findTalks(ctx.db, organizationId, { talkId, limit: 1 });
  if (!talk) throw notFound(TALK_NOT_FOUND);
  return talk;
}

/** A talk as the leader reads it: the clip's title in their language (`titles`), the rest as recorded. */
const talkOf = (row: TalkRow, titles: LocalTitles): ToolboxTalk => ({
  id: row.id,
  held_at: toIso(row.held_at) ?? '',
  video_id: row.video_id,
  video_title: titles.get(row.video_id)?.title ?? row.video_title,
  video_revision: row.video_revision,
  leader: row.leader_name,
  question: row.question,
  answer: row.answer,
  played_seconds: row.played_seconds,
  clip_seconds: row.duration_seconds,
  clip_watched: isWatched(row.played_seconds, row.duration_seconds),
  attendees: row.attendees.map((a) => ({ user_id: a.user_id, name: a.attendee_name, credited: a.credited === 1 })),
});

export async function recentToolboxTalks(ctx: AppContext, caller: Caller): Promise<ToolboxTalk[]> {
  const organizationId = await leaderOrganizationOf(ctx, caller);
  const [talks, titles] = await Promise.all([findTalks(ctx.db, organizationId, { limit: RECENT_TALKS }), titlesFor(ctx.db, caller)]);
  return talks.map((talk) => talkOf(talk, titles));
}

export async function attendanceSheet(ctx: AppContext, caller: Caller, talkId: number): Promise<{ pdf: Buffer; filename: string }> {
  const organizationId = await leaderOrganizationOf(ctx, caller);
  const talk = await findTalkOrFail(ctx, organizationId, talkId);
  const pdf = attendanceSheetPdf({
    organization: await organizationName(ctx.db, organizationId),
    heldAt: `${new Date(talk.held_at).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    clip: talk.video_title,
    revision: talk.video_revision,
    leader: talk.leader_name,
    question: talk.question,
    answer: talk.answer,
    attendees: talk.attendees.map((a) => ({ name: a.attendee_name, credited: a.credited === 1 })),
  });
  return { pdf, filename: `toolbox-talk-${talk.id}.pdf` };
}

/** The person a scanned badge names, when they are one of the leader's organization's people. */
export async function personByBadge(ctx: AppContext, caller: Caller, code: string): Promise<ToolboxPerson> {
  const organizationId = await leaderOrganizationOf(ctx, caller);
  const userId = await readBadge(ctx.db, code);
  const person = userId === null ? undefined : await findCrewMember(ctx.db, organizationId, userId);
  if (!person) throw notFound(BADGE_NOT_RECOGNISED);
  if (person.user_id === caller.userId) throw badRequest(LEADER_NOT_ATTENDEE);
  return person;
}
