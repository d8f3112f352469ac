/** The assessments module's public face: what other modules may use of it (they import nothing else of it). */
export { categoriesMissingCheck } from './assessments.queries.ts';
export { addQuestion, closeOverdueAttempts, memberCheck, saveCheck, startAttempt, submitAttempt } from './assessments.service.ts';
