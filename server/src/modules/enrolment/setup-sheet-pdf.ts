import { A4_PORTRAIT, approximateWidth, buildPdf, fitText, textAt, wrapText } from '../../lib/pdf.ts';
import { qrCodeDrawing } from '../../lib/qr-pdf.ts';

export type SetupSheet = {
  name: string;
  organization: string;
  organizationCode: string;
  employeeNumber: string;
  setupCode: string;
  /** The page where the code is used, with the organization code and employee number filled in (never the code). */
  setupUrl: string;
  /** The address to type, shorter than the QR code's. */
  setupAddress: string;
  expires: string;
};

const W = A4_PORTRAIT.width;
const H = A4_PORTRAIT.height;
const MARGIN = 60;

/** The code in groups of four, as people copy it from paper. */
export const groupedCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

function field(label: string, value: string, y: number): string {
  let out = `0.93 g ${MARGIN} ${y - 14} ${W - 2 * MARGIN} 46 re f\n`;
  out += textAt(label.toUpperCase(), MARGIN + 14, y + 18, 9, 'F2', 0.4);
  out += textAt(fitText(value, 20, W - 2 * MARGIN - 28), MARGIN + 14, y - 4, 20, 'F2', 0.05);
  return out;
}

/** One A4 page a person: who they are, the three things they type, where, and until when the code works. */
export function setupSheetsPdf(sheets: SetupSheet[]): Buffer {
  const pages = sheets.map((s) => {
    let content = textAt(fitText(s.organization, 11, W - 2 * MARGIN), MARGIN, H - 60, 11, 'F1', 0.35);
    content += textAt('Your sign-in sheet for Manufacturing Masters', MARGIN, H - 84, 13, 'F1', 0.35);
    content += textAt(fitText(s.name, 26, W - 2 * MARGIN), MARGIN, H - 122, 26, 'F2', 0.05);
    content += field('Organization code', s.organizationCode, H - 190);
    content += field('Employee number', s.employeeNumber, H - 256);
    content += field('One-time setup code', groupedCode(s.setupCode), H - 322);
    const steps = [
      `1. On your phone, open ${s.setupAddress} (or scan the code on the right).`,
      '2. Type your organization code, your employee number and the setup code above.',
      '3. Choose your password. From then on, sign in with "Sign in with employee number".',
    ];
    let y = H - 400;
    for (const step of steps) {
      for (const line of wrapText(step, 11, W - 2 * MARGIN - 170, 3)) {
        content += textAt(line, MARGIN, y, 11, 'F1', 0.1);
        y -= 16;
      }
      y -= 6;
    }
    content += qrCodeDrawing(s.setupUrl, W - MARGIN - 140, H - 520, 140);
    const note = `The setup code works once, until ${s.expires}. Keep this sheet to yourself until you have set your password; then the code is used up. A lost sheet: ask your super user to print a new one (the old code stops working).`;
    y = H - 580;
    for (const line of wrapText(note, 10, W - 2 * MARGIN, 4)) {
      content += textAt(line, MARGIN, y, 10, 'F1', 0.35);
      y -= 14;
    }
    const footer = fitText(s.setupAddress, 8, W - 2 * MARGIN);
    content += textAt(footer, (W - approximateWidth(footer, 8)) / 2, 40, 8, 'F1', 0.5);
    return content;
  });
  return buildPdf(pages, A4_PORTRAIT);
}
