import { type AuditPackQuery, routes } from '@mm/contract';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';
import { own } from './qualifications-shared.ts';

export async function downloadAuditPack(scope: AuditPackQuery): Promise<void> {
  const format = scope.format ?? 'pdf';
  saveFile(await apiDownload(routes.organizationAuditPack, { params: own(), query: { ...scope, format } }), `audit-pack.${format}`);
}
