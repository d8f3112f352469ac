import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { certificatePdf } from './certificate-pdf.ts';

/** Each text item of the page with its left edge and its width as PDF.js measures it (its own Helvetica metrics). */
async function textItems(bytes: Buffer): Promise<Array<{ text: string; x: number; width: number }>> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false, disableFontFace: true }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  const items = content.items.flatMap((item) => ('str' in item ? [{ text: item.str, x: item.transform[4] as number, width: item.width }] : []));
  await doc.destroy();
  return items;
}

const input = {
  member: 'Bruno Costa',
  title: 'Continuous Improvement',
  subtitle: 'Certificate of completion',
  organization: 'Acme Precision Parts',
  date: '27/11/2026',
  validUntil: '27/11/2028',
  code: '90AC6B570D4BC0A692DCEA25',
  verifyUrl: 'https://learn.example.com/verify/90AC6B570D4BC0A692DCEA25',
};

describe('certificate PDF', () => {
  it('centres its lines on the page (the bold capital heading sat 28 points right of the centre)', async () => {
    const items = await textItems(certificatePdf(input));
    for (const line of ['CERTIFICATE OF COMPLETION', 'This certifies that', 'Bruno Costa', 'Continuous Improvement', 'Acme Precision Parts']) {
      const item = items.find((i) => i.text === line);
      expect(item, line).toBeDefined();
      if (item) expect(Math.abs(item.x + item.width / 2 - 421), line).toBeLessThan(1.5);
    }
    // The letter-spaced brand comes as pieces: from the first letter to the last.
    const first = items.find((i) => i.text.startsWith('M A N U'));
    const last = items.find((i) => i.text.startsWith('M A S T'));
    expect(first && last).toBeTruthy();
    if (first && last) expect(Math.abs((first.x + last.x + last.width) / 2 - 421)).toBeLessThan(3);
  });

  it('keeps a long training title and name inside the gold rule, and the code line clear of the seal', async () => {
    const long = {
      ...input,
      member: 'Maria Fernanda Albuquerque de Oliveira Santos',
      title: 'Total Productive Maintenance and Overall Equipment Effectiveness for Supervisors',
    };
    const items = await textItems(certificatePdf(long));
    for (const line of [long.member, long.title]) {
      const item = items.find((i) => i.text === line);
      expect(item, line).toBeDefined();
      if (item) {
        expect(item.x, line).toBeGreaterThan(60);
        expect(item.x + item.width, line).toBeLessThan(782);
      }
    }
    const code = items.find((i) => i.text === `Verification code: ${input.code}`);
    // The seal and its ribbons end 30 points right of the centre; the QR code starts at 672.
    expect(code?.x).toBeGreaterThan(451);
    expect(code && code.x + code.width).toBeLessThan(672);
  });
});
