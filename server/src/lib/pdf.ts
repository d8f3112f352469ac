/**
 * Minimal hand-written PDFs (certificates, attendance sheets, QR sheets): Helvetica and Helvetica-Bold text,
 * lines and filled rectangles, one content stream a page. Text is encoded as WinAnsi (Latin-1); characters
 * outside it become '?'.
 */
export type PageSize = { width: number; height: number };

export const A4_PORTRAIT: PageSize = { width: 595, height: 842 };
export const A4_LANDSCAPE: PageSize = { width: 842, height: 595 };

/** A string as a PDF literal's content: parentheses and backslashes escaped, non-ASCII as octal. */
export function pdfText(s: string): string {
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

/** Text at (x, y): F1 is Helvetica, F2 Helvetica-Bold; `gray` 0 is black. */
export function textAt(text: string, x: number, y: number, size: number, font: 'F1' | 'F2' = 'F1', gray = 0.1): string {
  return `${gray} g BT /${font} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td (${pdfText(text)}) Tj ET\n`;
}

/** Helvetica widths are not embedded: an average glyph width of 0.5 em is close enough to centre and cut. */
export const approximateWidth = (text: string, size: number) => text.length * size * 0.5;

/** The text cut with an ellipsis to fit `width` points. */
export function fitText(text: string, size: number, width: number): string {
  const max = Math.floor(width / (size * 0.5));
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 3))}...`;
}

/** Lines of at most `width` points, cut at spaces (long text wraps instead of running off the page), `maxLines` at most. */
export function wrapText(text: string, size: number, width: number, maxLines = 4): string[] {
  const max = Math.floor(width / (size * 0.5));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines).map((l) => fitText(l, size, width));
}

/** Assembles the pages' content streams into one PDF file. */
export function buildPdf(pages: string[], size: PageSize): Buffer {
  const fontsAt = 3 + pages.length * 2;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  ];
  pages.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size.width} ${size.height}] /Resources << /Font << /F1 ${fontsAt} 0 R /F2 ${fontsAt + 1} 0 R >> >> /Contents ${4 + i * 2} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    );
  });
  objects.push(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
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
