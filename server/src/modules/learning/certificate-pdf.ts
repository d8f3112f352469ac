import { A4_LANDSCAPE, approximateWidth, buildPdf, textAt } from '../../lib/pdf.ts';

/** A one-page landscape A4 certificate (lib/pdf.ts): Helvetica text and lines only. */
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
  content += '0.12 0.29 0.49 RG 6 w 30 30 782 535 re S\n';
  content += '0.85 0.65 0.13 RG 1.5 w 44 44 754 507 re S\n';
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
  content += textAt(`Verification code: ${input.code}`, 520, 120, 12, 'F1', 0.3);
  content += '0.5 G 0.5 w 90 112 m 300 112 l S 520 112 m 752 112 l S\n';
  content += centred(`Verify at ${input.verifyUrl}`, 70, 10, 'F1', 0.45);

  return buildPdf([content], A4_LANDSCAPE);
}
