import type { CheckSettings, QuestionInput } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { atMoment } from '../../lib/clock.ts';
import { addQuestion, memberCheck, saveCheck, startAttempt, submitAttempt } from '../assessments/index.ts';
import type { Caller } from '../auth/index.ts';
import { catalogTree } from '../organization/index.ts';
import { seededRandom } from './demo-history.ts';

/**
 * The demo plant's knowledge checks (issue 38): the super user wrote one on a lesson of each station that carries a
 * licence or a safety risk (the press's lockout, the forklift's pre-use inspection, final inspection's gauges), each
 * question taken from what that lesson teaches. Members who finish one of those lessons after the checks exist take
 * its check through the product's own calls, some fail and try again, so the results page, the evidence chain and the
 * audit pack carry real attempts.
 */

export type DemoCheck = { video: string; questions: QuestionInput[] };

const SETTINGS: CheckSettings = { question_count: 5, shuffle: true, pass_percent: 80, attempts_allowed: 3, cooldown_seconds: 600, time_limit_seconds: null };

/** Days before the history's end when the super user writes the checks. */
export const CHECKS_DAYS_BEFORE_END = 45;

const DEMO_CHECKS: DemoCheck[] = [
  {
    video: 'lockout-tagout-on-a-power-press',
    questions: [
      {
        kind: 'single',
        prompt: 'When must you lock out the press?',
        options: [
          'Only for repairs by maintenance',
          'For any work in the die area without the guards in place: die changes, clearing jams, repairs',
          'Only when the press runs in continuous mode',
        ],
        correct: [1],
        explanation: 'Die changes, clearing jams and repairs all count: any work in the die area without the guards in place needs lockout.',
      },
      {
        kind: 'single',
        prompt: 'You have switched the motor off. When may you go on with the lockout?',
        options: ['At once: the motor is off', 'When the flywheel has stopped turning', 'After the slide has made one more stroke'],
        correct: [1],
        explanation: 'A coasting flywheel can still drive the slide. Wait until it has stopped.',
      },
      {
        kind: 'multiple',
        prompt: "Which energy sources does the press's lockout procedure list?",
        options: ['Main electrical disconnect', 'Clutch and brake air', 'Counterbalance', "The bay's lighting circuit", 'Hydraulic overload'],
        correct: [0, 1, 2, 4],
        explanation: 'The main disconnect, clutch and brake air, the counterbalance and the hydraulic overload can all move the slide; the lighting cannot.',
      },
      {
        kind: 'single',
        prompt: 'How do you stop gravity from bringing the slide down?',
        options: ['Leave it at top dead centre', 'Slide at the bottom, or safety blocks between bolster and slide', 'Hold it on the brake'],
        correct: [1],
        explanation: 'With the slide at the bottom, or safety blocks between bolster and slide, gravity cannot bring it down.',
      },
      {
        kind: 'true_false',
        prompt: 'Once the start controls do nothing, you may leave them in the run position and reach in.',
        options: [],
        correct: [1],
        explanation: 'Trying the start controls proves zero energy; set them back to off before you reach in.',
      },
    ],
  },
  {
    video: 'forklift-daily-pre-use-inspection',
    questions: [
      {
        kind: 'single',
        prompt: 'How often must a forklift be examined before use?',
        options: ['Once a week', 'Before use, at least daily, and after every shift when it runs round the clock', 'Only after a repair'],
        correct: [1],
        explanation: 'OSHA 1910.178: before use, at least daily, and after each shift when the truck runs round the clock.',
      },
      {
        kind: 'multiple',
        prompt: 'Engine off, forks down: what do you look for?',
        options: ['Bent or cracked forks', 'Missing or loose locking pins', 'Worn lift chains', 'The colour of the seat', 'Damage to the mast'],
        correct: [0, 1, 2, 4],
        explanation: 'Forks, locking pins, chains and mast carry the load; the seat colour tells you nothing.',
      },
      {
        kind: 'single',
        prompt: "You smell gas at an LPG truck's cylinder. What do you do?",
        options: ['Drive it to the charging area', 'Take the key out, tag it and report it', 'Open the dock door and carry on'],
        correct: [1],
        explanation: 'A defect means key out, tag on, report it: nobody drives the truck until it is repaired.',
      },
      {
        kind: 'multiple',
        prompt: 'Which of these are operating checks?',
        options: [
          'Seat belt and horn',
          'Lights and reversing alarm',
          'Steering and brakes',
          'Lift, lower and tilt through full travel',
          'The date on the data plate',
        ],
        correct: [0, 1, 2, 3],
        explanation: 'The operating checks try what the driver relies on: belt, horn, lights, alarm, steering, brakes and the mast through full travel.',
      },
      {
        kind: 'true_false',
        prompt: 'A truck with a small hydraulic leak may be driven until the end of the shift.',
        options: [],
        correct: [1],
        explanation: 'A leak is a defect: tag the truck out and report it. Nobody drives it until it is repaired.',
      },
    ],
  },
  {
    video: 'measuring-with-calipers-and-micrometers',
    questions: [
      {
        kind: 'single',
        prompt: "A gauge's calibration label is past its due date. What do you do?",
        options: [
          'Use it today and report it later',
          'Return it to the gauge room and take a calibrated one',
          "Compare it with a colleague's gauge and carry on",
        ],
        correct: [1],
        explanation: 'An overdue or unlabelled gauge goes back to the gauge room: its readings prove nothing.',
      },
      {
        kind: 'single',
        prompt: 'The tolerance is ±0.05 mm. How fine must your gauge read?',
        options: ['0.05 mm', '0.005 mm or finer', '0.1 mm'],
        correct: [1],
        explanation: 'A gauge should read ten times finer than the tolerance: ±0.05 mm needs 0.005 mm, a micrometer.',
      },
      {
        kind: 'single',
        prompt: 'How do you close a micrometer on the part?',
        options: ['Turn the thimble until it stops hard', 'With the ratchet, so the force is light and the same every time', 'Squeeze the frame'],
        correct: [1],
        explanation: 'The ratchet gives the same light force every time; a hard turn of the thimble springs the frame.',
      },
      {
        kind: 'multiple',
        prompt: 'Before you measure, you...',
        options: ['Wipe the jaws or anvils', 'Close them gently and check zero', 'Warm the part in your hand', 'Check the calibration label'],
        correct: [0, 1, 3],
        explanation: 'Clean, zero and a label in date; a warmed part reads bigger than it is.',
      },
      {
        kind: 'true_false',
        prompt: 'A part straight off the machine can be measured at once, even while it is still warm.',
        options: [],
        correct: [1],
        explanation: 'Measure parts at room temperature: a warm part reads bigger than it will be.',
      },
    ],
  },
];

/** The lessons' ids that carry a demo check, by catalog key (the seed imports the demo catalog first). */
export async function demoCheckVideoIds(ctx: AppContext): Promise<Map<number, DemoCheck>> {
  const { videos } = await catalogTree(ctx.db);
  const ids = new Map(videos.map((v) => [v.key, v.id]));
  const byVideo = new Map<number, DemoCheck>();
  for (const check of DEMO_CHECKS) {
    const id = ids.get(check.video);
    if (id === undefined) throw new Error(`demo seed: the catalog has no ${check.video}`);
    byVideo.set(id, check);
  }
  return byVideo;
}

/** The super user writes the checks' questions and attaches each check, at `at`. */
export async function createDemoChecks(ctx: AppContext, superUser: Caller, checks: Map<number, DemoCheck>, at: number): Promise<void> {
  await atMoment(at, async () => {
    for (const [videoId, check] of checks) {
      for (const question of check.questions) await addQuestion(ctx, superUser, videoId, question);
      await saveCheck(ctx, superUser, videoId, SETTINGS);
    }
  });
}

/** One option that is not right: for a multiple-choice question, the right ones with one missing. */
function wrongChoices(q: QuestionInput, random: () => number): number[] {
  if (q.kind === 'multiple') return q.correct.filter((_, i) => i !== Math.floor(random() * q.correct.length));
  const options = q.kind === 'true_false' ? 2 : q.options.length;
  const wrong = Array.from({ length: options }, (_, i) => i).filter((i) => !q.correct.includes(i));
  return [wrong[Math.floor(random() * wrong.length)] as number];
}

/**
 * A member takes the check of `videoId` now: each question answered right with the chance `skill`, decided by a
 * random from `seed` (the demo is the same at every start). A member who passed, has no attempt left or is still
 * waiting out the cool-down does not take it (the planned retry finds them passed or out of attempts).
 */
export async function takeDemoCheck(ctx: AppContext, caller: Caller, videoId: number, check: DemoCheck, skill: number, seed: number): Promise<void> {
  const state = (await memberCheck(ctx, caller, videoId)).check;
  if (!state || state.passed || state.attempts_used >= state.attempts_allowed || state.next_attempt_at !== null) return;
  const random = seededRandom(seed);
  const attempt = await startAttempt(ctx, caller, videoId);
  const answers = attempt.questions.map((shown) => {
    const question = check.questions.find((q) => q.prompt === shown.prompt) as QuestionInput;
    return { question_id: shown.id, choices: random() < skill ? [...question.correct] : wrongChoices(question, random) };
  });
  await submitAttempt(ctx, caller, attempt.attempt_id, { answers });
}
