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
