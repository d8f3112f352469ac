import { A4_PORTRAIT, approximateWidth, buildPdf, fitText, textAt } from '../../lib/pdf.ts';
import { qrCodeDrawing } from '../../lib/qr-pdf.ts';

export type QrLabel = { title: string; caption: string; url: string };

const COLUMNS = 2;
const ROWS = 3;
const CELL_W = A4_PORTRAIT.width / COLUMNS;
const CELL_H = (A4_PORTRAIT.height - 60) / ROWS;
const QR_SIZE = 170;

function centredIn(text: string, left: number, y: number, size: number, font: 'F1' | 'F2', gray: number): string {
  const fitted = fitText(text, size, CELL_W - 30);
  return textAt(fitted, left + (CELL_W - approximateWidth(fitted, size)) / 2, y, size, font, gray);
}

/** Six labels an A4 page, each a QR code with its name under it and dashed cut lines between them. */
export function qrSheetPdf(heading: string, labels: QrLabel[]): Buffer {
  const pages: string[] = [];
  for (let start = 0; start < labels.length; start += COLUMNS * ROWS) {
    let content = textAt(fitText(heading, 11, A4_PORTRAIT.width - 60), 30, A4_PORTRAIT.height - 30, 11, 'F2', 0.3);
    content += '0.7 G 0.5 w [4 4] 0 d\n';
    for (let c = 1; c < COLUMNS; c++) content += `${c * CELL_W} 20 m ${c * CELL_W} ${A4_PORTRAIT.height - 45} l S\n`;
    for (let r = 1; r < ROWS; r++) content += `20 ${20 + r * CELL_H} m ${A4_PORTRAIT.width - 20} ${20 + r * CELL_H} l S\n`;
    content += '[] 0 d\n';
    labels.slice(start, start + COLUMNS * ROWS).forEach((label, i) => {
      const left = (i % COLUMNS) * CELL_W;
      const bottom = 20 + (ROWS - 1 - Math.floor(i / COLUMNS)) * CELL_H;
      content += qrCodeDrawing(label.url, left + (CELL_W - QR_SIZE) / 2, bottom + 60, QR_SIZE);
      content += centredIn(label.title, left, bottom + 42, 14, 'F2', 0.05);
      content += centredIn(label.caption, left, bottom + 26, 9, 'F1', 0.35);
      content += centredIn(label.url, left, bottom + 12, 7, 'F1', 0.5);
    });
    pages.push(content);
  }
  return buildPdf(pages, A4_PORTRAIT);
}
