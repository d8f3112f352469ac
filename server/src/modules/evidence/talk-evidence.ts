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
  playedSeconds: number;
  clipSeconds: number;
  attendees: { userId: number; credited: boolean }[];
};

/**
 * A toolbox talk's attendance joins the organization's evidence chain (issue 17) as its own kind of evidence: one
 * record per attendee naming the clip and its revision, the leader, the check question and the crew's answer, how
 * far the clip played, and whether the talk also counted as watching the clip (`credited`), so the audit pack shows
 * an attended talk as such and never as a watch it was not.
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
        detail: {
          talk_id: talk.talkId,
          video: talk.videoTitle,
          led_by: talk.leader,
          question: talk.question,
          answer: talk.answer,
          played_seconds: talk.playedSeconds,
          clip_seconds: talk.clipSeconds,
          credited: a.credited,
        },
      })),
    ),
  );
}
