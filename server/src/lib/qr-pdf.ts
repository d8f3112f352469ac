import QRCode from 'qrcode';

/**
 * A QR code as PDF drawing operators (lib/pdf.ts pages): one filled square per dark module, so the sheet stays
 * vector and prints sharp at any size. Error correction M survives a scuffed label at a machine.
 */
export function qrCodeDrawing(text: string, x: number, y: number, size: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  // Four modules of quiet zone on each side, as scanners expect.
  const cell = size / (modules.size + 8);
  let drawing = '0 g\n';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const left = x + (col + 4) * cell;
      const bottom = y + size - (row + 5) * cell;
      drawing += `${left.toFixed(2)} ${bottom.toFixed(2)} ${cell.toFixed(2)} ${cell.toFixed(2)} re\n`;
    }
  }
  return `${drawing}f\n`;
}
