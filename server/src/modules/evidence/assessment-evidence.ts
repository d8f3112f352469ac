import type { Db } from '../../db/client.ts';
import { appendEvidence } from './evidence.queries.ts';

/** What the check followed: a video (at its revision), or the end of a category (its check draws from the category's banks). */
export type AssessmentSubject = { videoId: number; videoTitle: string; revision: number | null } | { categoryId: number; categoryName: string };

export type AssessmentAttemptEvidence = AssessmentSubject & {
  userId: number;
  at: number;
  checkId: number;
  attemptId: number;
  attemptNumber: number;
  startedAt: number;
  scorePercent: number;
  passPercent: number;
  passed: boolean;
  /** The end of the attempt's time limit, when the check had one, and whether the answers came too late for it. */
  deadlineAt?: number | null;
  timedOut?: boolean;
  /** The questions as shown (their options in the order shown), the member's choices and whether each was right. */
  questions: { id: number; prompt: string; options: { id: number; text: string }[]; correct: number[]; chosen: number[]; right: boolean }[];
};

/**
 * A submitted knowledge-check attempt, at a video's check or a category's, joins the organization's evidence chain
 * (issue 38): the questions as the member saw them, what they chose, what was right and the score. A category's
 * attempt names no video: its detail names the category instead. Called inside the transaction that records the
 * submission (`db` is that transaction), so the attempt is evidence exactly when it counts.
 */
export async function recordAssessmentEvidence(db: Db, organizationId: number, a: AssessmentAttemptEvidence): Promise<void> {
  const video = 'videoId' in a;
  await appendEvidence(db, organizationId, [
    {
      kind: 'assessment_attempt',
      at: a.at,
      user_id: a.userId,
      station_id: null,
      video_id: video ? a.videoId : null,
      revision: video ? a.revision : null,
      detail: {
        check_id: a.checkId,
        attempt_id: a.attemptId,
        attempt_number: a.attemptNumber,
        ...(video ? { video: a.videoTitle } : { category_id: a.categoryId, category: a.categoryName }),
        started_at: a.startedAt,
        score_percent: a.scorePercent,
        pass_percent: a.passPercent,
        passed: a.passed,
        ...(a.deadlineAt ? { deadline_at: a.deadlineAt, timed_out: a.timedOut === true } : {}),
        questions: a.questions,
      },
    },
  ]);
}
