import { routes } from '@mm/contract';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';
import type { MatrixFilters } from './get-matrix.ts';
import { own } from './qualifications-shared.ts';

export async function downloadMatrixCsv(filters: Omit<MatrixFilters, 'skip' | 'take'>): Promise<void> {
  saveFile(await apiDownload(routes.qualificationsMatrixCsv, { params: own(), query: filters }), 'qualification-matrix.csv');
}
