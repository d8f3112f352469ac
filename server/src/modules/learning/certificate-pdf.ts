/**
 * A one-page landscape A4 certificate as a minimal hand-written PDF: Helvetica text and lines only.
 * Text is encoded as WinAnsi (Latin-1); characters outside it become '?'.
 */
export type CertificatePdfInput = { member: string; title: string; subtitle: string; organization: string; date: string; code: string; verifyUrl: string };

const W = 842;
const H = 595;

function pdfText(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 63;
    const b = c <= 255 ? c : 63;
    if (b === 40 || b === 41 || b === 92) out += `\\${String.fromCharCode(b)}`;
    else if (b < 32 || b > 126) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return out;
}

/** Helvetica widths are not embedded here: an average glyph width of 0.5 em centres well enough. */
function centred(text: string, y: number, size: number, font: 'F1' | 'F2', gray = 0.1): string {
  const width = text.length * size * 0.5;
  const x = Math.max(20, (W - width) / 2);
  return `${gray} g BT /${font} ${size} Tf ${x.toFixed(1)} ${y} Td (${pdfText(text)}) Tj ET\n`;
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
  content += `0.3 g BT /F1 12 Tf 90 120 Td (${pdfText(`Date: ${input.date}`)}) Tj ET\n`;
  content += `0.3 g BT /F1 12 Tf 520 120 Td (${pdfText(`Verification code: ${input.code}`)}) Tj ET\n`;
  content += '0.5 G 0.5 w 90 112 m 300 112 l S 520 112 m 752 112 l S\n';
  content += centred(`Verify at ${input.verifyUrl}`, 70, 10, 'F1', 0.45);

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
  ];
  let pdf = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) pdf += `${String(off).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
