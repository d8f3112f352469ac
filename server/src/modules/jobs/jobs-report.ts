import type { JobListing, JobQueue, QueueFigures } from './job-queue.ts';

/**
 * The operator's view of the queue (`npm run platform -- jobs`): every queue's figures, the running jobs and the
 * failed ones (the dead letters), newest first, each with the command that retries it.
 */
export async function jobsReport(jobs: JobQueue, limit = 20): Promise<string[]> {
  const figures = await jobs.stats();
  const active = await jobs.list('active', limit);
  const failed = await jobs.list('failed', limit);
  return [
    `Job queue (${jobs.kind})`,
    '',
    ...figuresTable(figures),
    '',
    active.length ? `Running (${active.length}${active.length === limit ? ' newest' : ''}):` : 'Running: none.',
    ...active.map((j) => `  ${line(j)}${j.startedAt ? `, started ${new Date(j.startedAt).toISOString()}` : ''}`),
    '',
    failed.length ? `Failed (${failed.length}${failed.length === limit ? ' newest' : ''}):` : 'Failed: none.',
    ...failed.flatMap((j) => [`  ${line(j)}: ${j.error ?? 'no error recorded'}`, `    retry: npm run platform -- jobs --retry ${j.id} --queue ${j.name}`]),
  ];
}

function line(j: JobListing): string {
  return `${j.name} #${j.id} ${JSON.stringify(j.payload)}, ${j.attempts} attempt${j.attempts === 1 ? '' : 's'}`;
}

function figuresTable(figures: QueueFigures[]): string[] {
  const header = ['queue', 'waiting', 'running', 'completed', 'failed'];
  const rows = figures.map((f) => [f.name, String(f.waiting), String(f.active), String(f.completed), String(f.failed)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [format(header), ...rows.map(format)];
}
