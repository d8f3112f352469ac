import { routes } from '@mm/contract';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';
import type { CheckSubject } from './assessment-keys.ts';

/** GET /api/assessments/videos/:videoId/results.csv (or /categories/:categoryId/results.csv): every member's standing, as a spreadsheet. */
export async function downloadCheckResults(subject: CheckSubject): Promise<void> {
  const file =
    subject.kind === 'video'
      ? await apiDownload(routes.assessmentResultsCsv, { params: { videoId: subject.id } })
      : await apiDownload(routes.categoryAssessmentResultsCsv, { params: { categoryId: subject.id } });
  saveFile(file, `${subject.kind === 'video' ? 'check' : 'category-check'}-results-${subject.id}.csv`);
}
