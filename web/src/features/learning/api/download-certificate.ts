import { routes } from '@mm/contract';
import { apiDownload, saveFile } from '../../../lib/api-client.ts';

/** GET /api/certificates/{id}/pdf, saved as a download named after its verification code. */
export async function downloadCertificate(certificate: { id: number; verification_code: string }): Promise<void> {
  saveFile(await apiDownload(routes.certificatesPdf, { params: { id: certificate.id } }), `certificate-${certificate.verification_code}.pdf`);
}
