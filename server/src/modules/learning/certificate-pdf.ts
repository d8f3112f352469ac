import { A4_LANDSCAPE, approximateWidth, buildPdf, textAt } from '../../lib/pdf.ts';
import { qrCodeDrawing } from '../../lib/qr-pdf.ts';

/**
 * A one-page landscape A4 certificate a plant can frame (lib/pdf.ts): a navy frame with a gold inner rule and corner
 * marks, the organization, the member, the training, the date, and the verification code with a QR code of the
 * public verification address (vector, so it prints sharp). Helvetica text and lines only.
 */
export type CertificatePdfInput = {
  member: string;
  title: string;
  subtitle: string;
  organization: string;
  date: string;
  /** Null: the certificate does not expire. */
  validUntil: string | null;
  code: string;
  verifyUrl: string;
};

function centred(text: string, y: number, size: number, font: 'F1' | 'F2', gray = 0.1): string {
  return textAt(text, Math.max(20, (A4_LANDSCAPE.width - approximateWidth(text, size)) / 2), y, size, font, gray);
}

export function certificatePdf(input: CertificatePdfInput): Buffer {
  let content = '';
  // A warm paper tint, the navy frame, the gold inner rule and its corner marks.
  content += '0.99 0.98 0.95 rg 0 0 842 595 re f\n';
  content += '0.12 0.29 0.49 RG 6 w 30 30 782 535 re S\n';
  content += '0.85 0.65 0.13 RG 1.5 w 44 44 754 507 re S\n';
  content += '0.85 0.65 0.13 RG 3 w 52 520 m 52 543 l 75 543 l S 790 520 m 790 543 l 767 543 l S 52 75 m 52 52 l 75 52 l S 790 75 m 790 52 l 767 52 l S\n';
  content += centred('MANUFACTURING MASTERS', 500, 16, 'F2', 0.12);
  content += centred(input.subtitle.toUpperCase(), 440, 30, 'F2', 0.1);
  content += centred('This certifies that', 390, 14, 'F1', 0.35);
  content += centred(input.member, 345, 32, 'F2', 0.05);
  content += '0.85 0.65 0.13 RG 1 w 221 330 m 621 330 l S\n';
  content += centred('has successfully completed', 300, 14, 'F1', 0.35);
  content += centred(input.title, 262, 22, 'F2', 0.1);
  content += centred(input.organization, 225, 14, 'F1', 0.3);
  content += textAt(`Date: ${input.date}`, 90, 120, 12, 'F1', 0.3);
  if (input.validUntil) content += textAt(`Valid until: ${input.validUntil}`, 90, 96, 12, 'F1', 0.3);
  content += textAt(`Verification code: ${input.code}`, 420, 120, 12, 'F1', 0.3);
  content += '0.5 G 0.5 w 90 112 m 300 112 l S 420 112 m 650 112 l S\n';
  content += textAt('Scan or visit to verify:', 420, 96, 9, 'F1', 0.45);
  content += textAt(input.verifyUrl, 420, 84, 9, 'F1', 0.45);
  content += qrCodeDrawing(input.verifyUrl, 672, 62, 96);

  return buildPdf([content], A4_LANDSCAPE);
}
