import type { Db } from '../../db/client.ts';
import { appendEvidence } from './evidence.queries.ts';

export type TalkAttendance = {
  talkId: number;
  heldAt: number;
  videoId: number;
  videoTitle: string;
  revision: number | null;
  leader: string;
  question: string;
  answer: string;
  attendees: { userId: number; credited: boolean }[];
};

/**
 * A toolbox talk's attendance joins the organization's evidence chain (issue 17): one record per attendee naming
 * the clip and its revision, the leader, the check question and the crew's answer, so the audit pack shows it.
 */
export async function recordTalkEvidence(db: Db, organizationId: number, talk: TalkAttendance): Promise<void> {
  await db.transaction().execute((trx) =>
    appendEvidence(
      trx,
      organizationId,
      talk.attendees.map((a) => ({
        kind: 'toolbox_talk' as const,
        at: talk.heldAt,
        user_id: a.userId,
        station_id: null,
        video_id: talk.videoId,
        revision: talk.revision,
        detail: { talk_id: talk.talkId, video: talk.videoTitle, led_by: talk.leader, question: talk.question, answer: talk.answer, credited: a.credited },
      })),
    ),
  );
}
