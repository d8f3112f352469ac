import type { Stack } from './stack.ts';

/** The lockout questions the knowledge-check journeys write (a single choice, a multiple choice, a true/false). */
export const LOCKOUT_QUESTIONS = [
  {
    kind: 'single',
    prompt: 'Who may remove a lock?',
    options: ['Anyone on the shift', 'The person who placed it', 'The nearest supervisor'],
    correct: [1],
    explanation: 'Only the person who placed a lock removes it.',
  },
  {
    kind: 'multiple',
    prompt: 'Which of these store energy?',
    options: ['Springs', 'Hydraulic lines', 'Work instructions'],
    correct: [0, 1],
    explanation: 'Springs and hydraulic lines hold energy after the power is off.',
  },
  {
    kind: 'true_false',
    prompt: 'A tag alone stops a machine from starting.',
    options: [],
    correct: [1],
    explanation: 'A tag warns; only a lock prevents the start.',
  },
] as const;

/**
 * A video of the member's first home category with no check and no questions of the organization yet (the demo has
 * checks of its own; `skip` leaves out the first videos, which another journey of the file took).
 */
export async function videoWithoutCheck(stack: Stack, memberToken: string, superToken: string, skip = 0): Promise<number> {
  const sections = (await stack.api('POST', '/api/home_first_section', { token: memberToken, json: {} })).body.data;
  const groups = (await stack.api('POST', '/api/categoryVideos', { token: memberToken, json: { category_id: sections[0].category_id } })).body.data;
  const candidates: number[] = groups.flatMap((g: { videos: { admin_video_id: number }[] }) => g.videos.map((v) => v.admin_video_id));
  for (const id of candidates.slice(skip)) {
    const bank = (await stack.api('GET', `/api/assessments/videos/${id}/bank`, { token: superToken })).body.data;
    if (bank.check === null && bank.questions.length === 0) return id;
  }
  return 0;
}
