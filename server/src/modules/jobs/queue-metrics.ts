import type { Family } from '../../lib/metrics.ts';
import type { QueueFigures } from './job-queue.ts';

/** The job queue's figures for /metrics: one gauge per state, a series per queue (few: the kinds of background work). */
export function queueFamilies(queues: QueueFigures[]): Family[] {
  const family = (state: 'waiting' | 'active' | 'completed' | 'failed', help: string): Family => ({
    name: `mm_jobs_${state}`,
    help,
    type: 'gauge',
    samples: queues.map((queue) => ({ labels: { queue: queue.name }, value: queue[state] })),
  });
  return [
    family('waiting', 'Jobs waiting to run (due or scheduled), by queue.'),
    family('active', 'Jobs running now on some instance, by queue.'),
    family('completed', 'Jobs completed and still kept, by queue.'),
    family('failed', 'Jobs that used up their retries (the dead letters an operator retries), by queue.'),
  ];
}
