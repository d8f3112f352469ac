import type { Kysely } from 'kysely';

/**
 * A member's closed training records of a video, found by member (issue 38): a knowledge check's attempts and its pass
 * count from the start of the member's current training cycle of the video, which is when their last record of it
 * was closed for retraining or recertification. The open-record key (user, video, open only) does not reach closed ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('training_records_user_video_idx').on('training_records').columns(['user_id', 'video_id', 'superseded_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('training_records_user_video_idx').execute();
}
