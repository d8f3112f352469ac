import type { Db } from '../../db/client.ts';
import { insertNotices } from '../notices/index.ts';
import { insertAudit, insertRevision, type LessonRow, resetCompletions, setLiveRevision } from './studio.queries.ts';

export type NewRevision = {
  assetId: number;
  durationSeconds: number;
  requiresRetraining: boolean;
  summary: string;
  /** Who made it: the uploader of a new video, the author who restored an earlier one. */
  by: number;
  /** The earlier revision whose video this one brings back (a restore), absent for a new video. */
  restoredFrom?: number;
};

/**
 * A published (or unpublished) lesson gets its next revision, in the caller's transaction: the video becomes the live
 * one (the earlier one played until now, so members never see a half-made one), the revision is recorded with its
 * summary, and when it requires retraining everyone who had watched the lesson has it to watch again (their watch
 * time starts over, their path shows it not done) and is told so by a notice, as the people qualified through a
 * revised catalog video are. Earlier revisions are never changed. Answers the new revision's number, or null when
 * the lesson moved to another revision meanwhile (nothing is written then).
 */
export async function makeRevisionLive(trx: Db, lesson: LessonRow, next: NewRevision, t: number): Promise<number | null> {
  const revision = lesson.revision + 1;
  const live = { revision, mediaAssetId: next.assetId, durationSeconds: next.durationSeconds };
  if (!(await setLiveRevision(trx, lesson.id, lesson.revision, live, t))) return null;
  await insertRevision(
    trx,
    {
      lessonId: lesson.id,
      revision,
      mediaAssetId: next.assetId,
      durationSeconds: next.durationSeconds,
      requiresRetraining: next.requiresRetraining,
      summary: next.summary,
      by: next.by,
      restoredFrom: next.restoredFrom ?? null,
    },
    t,
  );
  const retrained = next.requiresRetraining ? await resetCompletions(trx, lesson.id, t) : [];
  const what = next.restoredFrom ? `restores revision ${next.restoredFrom}` : 'is live';
  await insertAudit(
    trx,
    {
      organizationId: lesson.organization_id,
      lessonId: lesson.id,
      userId: next.by,
      action: 'revised',
      title: lesson.title,
      detail: `Revision ${revision} ${what}${next.requiresRetraining ? `, requires retraining (${retrained.length} asked to watch again)` : ''}: ${next.summary}`,
    },
    t,
  );
  if (retrained.length > 0)
    await insertNotices(
      trx,
      retrained.map((userId) => ({
        userId,
        senderId: null,
        kind: 'lesson_retrain',
        text: { key: 'lessonRetrain', values: { lesson: lesson.title, summary: next.summary } },
      })),
      t,
    );
  return revision;
}
