/** The jobs module's public face: what other modules may use of it (they import nothing else of it). */
export { backoffMs, type JobQueue, type RunningJob } from './job-queue.ts';
