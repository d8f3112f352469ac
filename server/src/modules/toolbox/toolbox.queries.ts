import type { Db } from '../../db/client.ts';

/** The catalog's listed clips (either flag), by title. */
function selectClips(db: Db) {
  return db
    .selectFrom('videos')
    .select(['id', 'title', 'duration_seconds', 'revision'])
    .where((eb) => eb.or([eb('in_test', '=', 1), eb('in_production', '=', 1)]));
}

export const listClips = (db: Db) => selectClips(db).orderBy('title').orderBy('id').execute();

export const findClip = (db: Db, videoId: number) => selectClips(db).where('id', '=', videoId).executeTakeFirst();

/** Live, non-guest people of the organization, scoped inside the query. */
function selectPeople(db: Db, organizationId: number) {
  return db.selectFrom('users').where('organization_id', '=', organizationId).where('deleted_at', 'is', null).where('is_guest', '=', 0);
}

export const listCrew = (db: Db, organizationId: number, teamId: number) =>
  selectPeople(db, organizationId)
    .select(['id as user_id', 'name', 'last_name', 'picture'])
    .where('team_id', '=', teamId)
    .orderBy('name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();

export const findCrewMember = (db: Db, organizationId: number, userId: number) =>
  selectPeople(db, organizationId).select(['id as user_id', 'name', 'last_name', 'picture']).where('id', '=', userId).executeTakeFirst();

/** The organization's people (of one team, or all) with their team's name, for badge sheets. */
export function listBadgeHolders(db: Db, organizationId: number, teamId: number | undefined) {
  let query = db
    .selectFrom('users')
    .leftJoin('teams', 'teams.id', 'users.team_id')
    .select(['users.id', 'users.name', 'users.last_name', 'teams.name as team_name'])
    .where('users.organization_id', '=', organizationId)
    .where('users.deleted_at', 'is', null)
    .where('users.is_guest', '=', 0);
  if (teamId !== undefined) query = query.where('users.team_id', '=', teamId);
  return query.orderBy('users.name').orderBy('users.last_name').orderBy('users.id').execute();
}

export const findPeople = (db: Db, organizationId: number, userIds: number[]) =>
  selectPeople(db, organizationId).select(['id', 'name', 'last_name', 'team_id', 'is_super_user']).where('id', 'in', userIds).execute();

export type Attendee = Awaited<ReturnType<typeof findPeople>>[number];

export async function insertTalk(
  db: Db,
  talk: {
    organizationId: number;
    videoId: number;
    videoRevision: number;
    ledBy: number;
    leaderName: string;
    question: string;
    answer: string;
    heldAt: number;
    playedSeconds: number;
  },
  attendees: { userId: number; name: string }[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('toolbox_talks')
      .values({
        organization_id: talk.organizationId,
        video_id: talk.videoId,
        video_revision: talk.videoRevision,
        led_by: talk.ledBy,
        leader_name: talk.leaderName,
        question: talk.question,
        answer: talk.answer,
        held_at: talk.heldAt,
        played_seconds: talk.playedSeconds,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('toolbox_attendance')
      .values(attendees.map((a) => ({ talk_id: id, user_id: a.userId, attendee_name: a.name, credited: 0 })))
      .execute();
    return id;
  });
}

export async function markCredited(db: Db, talkId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.updateTable('toolbox_attendance').set({ credited: 1 }).where('talk_id', '=', talkId).where('user_id', 'in', userIds).execute();
}

/** The organization's talks, newest first (all when `talkId` is not given), with their attendance. */
export async function findTalks(db: Db, organizationId: number, { talkId, limit }: { talkId?: number; limit: number }) {
  let query = db
    .selectFrom('toolbox_talks as t')
    .innerJoin('videos as v', 'v.id', 't.video_id')
    .select([
      't.id',
      't.held_at',
      't.video_id',
      'v.title as video_title',
      'v.duration_seconds',
      't.video_revision',
      't.leader_name',
      't.question',
      't.answer',
      't.played_seconds',
    ])
    .where('t.organization_id', '=', organizationId)
    .orderBy('t.held_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit);
  if (talkId !== undefined) query = query.where('t.id', '=', talkId);
  const talks = await query.execute();
  if (talks.length === 0) return [];
  const attendance = await db
    .selectFrom('toolbox_attendance')
    .select(['talk_id', 'user_id', 'attendee_name', 'credited'])
    .where(
      'talk_id',
      'in',
      talks.map((t) => t.id),
    )
    .orderBy('attendee_name')
    .execute();
  return talks.map((talk) => ({ ...talk, attendees: attendance.filter((a) => a.talk_id === talk.id) }));
}

export type TalkRow = Awaited<ReturnType<typeof findTalks>>[number];

/** Whether the person trains people at one of their organization's stations in use (they may lead a talk). */
export async function trainsInOrganization(db: Db, userId: number, organizationId: number | null): Promise<boolean> {
  if (organizationId === null) return false;
  const row = await db
    .selectFrom('station_trainers as st')
    .innerJoin('stations as s', 's.id', 'st.station_id')
    .select('st.station_id')
    .where('st.user_id', '=', userId)
    .where('s.organization_id', '=', organizationId)
    .where('s.retired_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
