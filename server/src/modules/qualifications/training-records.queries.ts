import { isWatched, watchedTenthsOf } from '@mm/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';

export type TrainedVideo = { id: number; duration_seconds: number; revision: number };

/**
 * Adds watch seconds to the member's open training record of the video (opening one at the video's current
 * revision when there is none) and answers whether this report completed it. The record completes at the same
 * 90% as "watched" and remembers the revision the member was shown when it did.
 */
export async function addTrainingSeconds(db: Db, r: { userId: number; video: TrainedVideo; seconds: number; t: number }): Promise<boolean> {
  const { userId, video, seconds, t } = r;
  const [opened] = await openRecord(db, userId, video.id, video.revision, seconds, t, isWatched(seconds, video.duration_seconds) ? t : null);
  if (opened) return opened.completed_at !== null;
  const [updated] = await addToRecord(db, userId, video.id, video.revision, seconds, watchedTenthsOf(video.duration_seconds), t);
  return updated?.completed_at != null && Number(updated.completed_at) === t;
}

/** The watch report's statements are compiled once (db/compiled-once.ts): it is the platform's most frequent write. */
const openRecord = compiledOnce((db: Db, userId: number, videoId: number, revision: number, seconds: number, t: number, completedAt: number | null) =>
  db
    .insertInto('training_records')
    .values({ user_id: userId, video_id: videoId, revision, seconds, started_at: t, completed_at: completedAt, superseded_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'video_id']).where('superseded_at', 'is', null).doNothing())
    .returning('completed_at'),
);

// One statement: the row is locked while the sum and the crossing are decided, so one report sets completed_at
// (a second report of the same member and video in the very same millisecond would read as completing it too).
const addToRecord = compiledOnce((db: Db, userId: number, videoId: number, revision: number, seconds: number, watchedTenths: number, t: number) =>
  db
    .updateTable('training_records')
    .set({
      seconds: sql`seconds + ${seconds}`,
      revision: sql`case when completed_at is null then ${revision} else revision end`,
      completed_at: sql`case when completed_at is null and (seconds + ${seconds}) * 10 >= ${watchedTenths} then ${t} else completed_at end`,
    })
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .where('superseded_at', 'is', null)
    .returning('completed_at'),
);

/** Closes the open records (history kept) so the next watch starts a fresh one: retraining and recertification. */
export async function supersedeRecords(db: Db, filter: { videoIds: number[]; userId?: number }, t: number): Promise<void> {
  if (!filter.videoIds.length) return;
  let query = db.updateTable('training_records').set({ superseded_at: t }).where('video_id', 'in', filter.videoIds).where('superseded_at', 'is', null);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  await query.execute();
}

/**
 * When the member's current training cycle of these videos began: the last time a record of any of them was closed
 * for retraining or recertification (0: never). A knowledge check's attempts before it belong to an earlier cycle.
 */
export async function trainingCycleStart(db: Db, userId: number, videoIds: number[]): Promise<number> {
  if (!videoIds.length) return 0;
  const row = await db
    .selectFrom('training_records')
    .select((eb) => eb.fn.max('superseded_at').as('closed_at'))
    .where('user_id', '=', userId)
    .where('video_id', 'in', videoIds)
    .executeTakeFirst();
  return Number(row?.closed_at ?? 0);
}

/**
 * Keeps a passed knowledge check on the member's open record of the video (the first pass counts), opening a record at
 * the video's current revision when there is none (the check was taken before the video was watched to the end).
 */
export async function markCheckPassed(db: Db, r: { userId: number; videoId: number; t: number }): Promise<void> {
  await db
    .insertInto('training_records')
    .columns(['user_id', 'video_id', 'revision', 'seconds', 'started_at', 'check_passed_at'])
    .expression((eb) =>
      eb
        .selectFrom('videos')
        .select([
          sql.lit(r.userId).as('user_id'),
          'id as video_id',
          'revision',
          sql.lit(0).as('seconds'),
          // Literals, not parameters: PostgreSQL would read an untyped parameter of an INSERT ... SELECT as text.
          sql.lit(r.t).as('started_at'),
          sql.lit(r.t).as('check_passed_at'),
        ])
        .where('id', '=', r.videoId),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'video_id'])
        .where('superseded_at', 'is', null)
        .doUpdateSet({ check_passed_at: sql`coalesce(training_records.check_passed_at, excluded.check_passed_at)` }),
    )
    .execute();
}

/** The member's open records of the videos: what they completed and which knowledge checks they passed. */
export async function openRecords(db: Db, userIds: number[], videoIds: number[]) {
  if (!userIds.length || !videoIds.length) return [];
  const rows = await db
    .selectFrom('training_records')
    .select(['user_id', 'video_id', 'revision', 'completed_at', 'check_passed_at'])
    .where('user_id', 'in', userIds)
    .where('video_id', 'in', videoIds)
    .where('superseded_at', 'is', null)
    .execute();
  return rows.map((r) => ({
    ...r,
    completed_at: r.completed_at === null ? null : Number(r.completed_at),
    check_passed_at: r.check_passed_at === null ? null : Number(r.check_passed_at),
  }));
}

/** The member's open, completed records of the videos. */
export async function completedRecords(db: Db, userIds: number[], videoIds: number[]) {
  if (!userIds.length || !videoIds.length) return [];
  return db
    .selectFrom('training_records')
    .select(['user_id', 'video_id', 'revision', 'completed_at'])
    .where('user_id', 'in', userIds)
    .where('video_id', 'in', videoIds)
    .where('superseded_at', 'is', null)
    .where('completed_at', 'is not', null)
    .execute();
}
