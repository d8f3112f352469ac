/**
 * Glyph widths of the PDF's standard Helvetica and Helvetica-Bold (Adobe's AFM files, 1/1000 em) for printable ASCII,
 * so text can be centred and measured exactly: the 0.5 em average of lib/pdf.ts put a bold capital heading 40 points
 * right of the page's centre on the certificate. Other characters count as an average glyph.
 */
const ASCII_FROM = 32;

// Characters 32 (space) to 126 (~), in order.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584,
  611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333,
  584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280,
  389, 584,
];

/** The width in points of `text` set in Helvetica (F1) or Helvetica-Bold (F2) at `size`. */
export function textWidth(text: string, size: number, font: 'F1' | 'F2' = 'F1'): number {
  const widths = font === 'F2' ? HELVETICA_BOLD : HELVETICA;
  let total = 0;
  for (const ch of text) total += widths[(ch.codePointAt(0) ?? 0) - ASCII_FROM] ?? 556;
  return (total * size) / 1000;
}
