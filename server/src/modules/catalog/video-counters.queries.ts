import type { Db } from '../../db/client.ts';

/**
 * Recounts a video's like and dislike counters (kept on its row) from its votes, in the caller's transaction.
 * Recounting rather than adding deltas keeps them right even when two presses race. The catalog writes the videos
 * table; playback calls this after a vote.
 */
export async function recountVotes(trx: Db, videoId: number) {
  const count = (value: number) =>
    trx
      .selectFrom('video_votes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('video_votes.video_id', '=', videoId)
      .where('video_votes.vote', '=', value);
  return trx
    .updateTable('videos')
    .set({ like_count: count(1), dislike_count: count(-1) })
    .where('id', '=', videoId)
    .returning(['like_count', 'dislike_count'])
    .executeTakeFirstOrThrow();
}
