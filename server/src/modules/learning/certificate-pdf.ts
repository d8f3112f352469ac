import { DEFAULT_LOCALE, type Locale } from '@mm/contract';
import { translator } from '../../lib/i18n.ts';
import { A4_LANDSCAPE, buildPdf, pdfText } from '../../lib/pdf.ts';
import { textWidth } from '../../lib/pdf-font-metrics.ts';
import { qrCodeDrawing } from '../../lib/qr-pdf.ts';

/**
 * A one-page landscape A4 certificate a plant can frame (lib/pdf.ts): a navy frame with a gold inner rule and corner
 * marks, a navy heading with gold rules, the member's name over a gold line, the training, the organization, a gold
 * seal under them, the date on the left and the verification code on the right with a QR code of the public verification address (vector, so it
 * prints sharp). Helvetica text (centred with its real glyph widths, lib/pdf-font-metrics.ts), lines and curves only.
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
  /** The language of the certificate's own words (`certificate.json`); names and titles are printed as they are. */
  locale?: Locale;
};

type Font = 'F1' | 'F2';
type Colour = readonly [number, number, number];

const NAVY: Colour = [0.12, 0.29, 0.49];
const GOLD: Colour = [0.8, 0.6, 0.12];
const INK: Colour = [0.1, 0.1, 0.12];
const MUTED: Colour = [0.36, 0.36, 0.4];
const CENTRE = A4_LANDSCAPE.width / 2;
/** The widest a centred line may be: inside the gold rule with a margin. */
const TEXT_WIDTH = 640;

const rgb = (c: Colour) => c.map((v) => v.toFixed(3)).join(' ');

/** Text at (x, y) in a colour, with `spacing` points between letters. */
function text(value: string, x: number, y: number, size: number, font: Font, colour: Colour, spacing = 0): string {
  // Character spacing is graphics state: every line sets its own (0 included), or it carries over to the next.
  return `${rgb(colour)} rg BT /${font} ${size} Tf ${spacing} Tc ${x.toFixed(1)} ${y.toFixed(1)} Td (${pdfText(value)}) Tj ET\n`;
}

const widthOf = (value: string, size: number, font: Font, spacing = 0) => textWidth(value, size, font) + spacing * Math.max(0, [...value].length - 1);

/** The largest size up to `size` (at least `min`) at which `value` fits `width`. */
function fittedSize(value: string, size: number, font: Font, width: number, min: number): number {
  let s = size;
  while (s > min && widthOf(value, s, font) > width) s -= 0.5;
  return s;
}

/** A line centred on the page; long text is set smaller (down to 60%) to stay inside the frame. */
export function centredLine(value: string, y: number, size: number, font: Font, colour: Colour, spacing = 0): { ops: string; x: number; width: number } {
  const s = spacing ? size : fittedSize(value, size, font, TEXT_WIDTH, size * 0.6);
  const width = widthOf(value, s, font, spacing);
  const x = CENTRE - width / 2;
  return { ops: text(value, x, y, s, font, colour, spacing), x, width };
}

/** A circle of radius r around (cx, cy) as four Bezier arcs. */
function circle(cx: number, cy: number, r: number): string {
  const k = 0.5523 * r;
  const p = (n: number) => n.toFixed(1);
  return (
    `${p(cx + r)} ${p(cy)} m ` +
    `${p(cx + r)} ${p(cy + k)} ${p(cx + k)} ${p(cy + r)} ${p(cx)} ${p(cy + r)} c ` +
    `${p(cx - k)} ${p(cy + r)} ${p(cx - r)} ${p(cy + k)} ${p(cx - r)} ${p(cy)} c ` +
    `${p(cx - r)} ${p(cy - k)} ${p(cx - k)} ${p(cy - r)} ${p(cx)} ${p(cy - r)} c ` +
    `${p(cx + k)} ${p(cy - r)} ${p(cx + r)} ${p(cy - k)} ${p(cx + r)} ${p(cy)} c `
  );
}

/** The gold seal: ribbon tails, a gold disc with a navy ring and the brand's initials. */
function seal(cx: number, cy: number): string {
  let ops = '';
  ops += `${rgb(NAVY)} rg ${cx - 20} ${cy - 44} m ${cx - 6} ${cy - 18} l ${cx + 4} ${cy - 24} l ${cx - 8} ${cy - 48} l ${cx - 13} ${cy - 40} l h f\n`;
  ops += `${rgb(NAVY)} rg ${cx + 20} ${cy - 44} m ${cx + 6} ${cy - 18} l ${cx - 4} ${cy - 24} l ${cx + 8} ${cy - 48} l ${cx + 13} ${cy - 40} l h f\n`;
  ops += `${rgb(GOLD)} rg ${circle(cx, cy, 30)}f\n`;
  ops += `1 1 1 RG 1.2 w ${circle(cx, cy, 25.5)}S\n`;
  ops += `${rgb(NAVY)} RG 0.8 w ${circle(cx, cy, 23)}S\n`;
  const initials = 'MM';
  ops += text(initials, cx - textWidth(initials, 18, 'F2') / 2, cy - 6.3, 18, 'F2', [1, 1, 1]);
  return ops;
}

export function certificatePdf(input: CertificatePdfInput): Buffer {
  const t = translator(input.locale ?? DEFAULT_LOCALE, 'certificate');
  let content = '';
  // A warm paper tint, the navy frame, the gold inner rule and its corner marks.
  content += '0.99 0.98 0.95 rg 0 0 842 595 re f\n';
  content += `${rgb(NAVY)} RG 6 w 30 30 782 535 re S\n`;
  content += `${rgb(GOLD)} RG 1.5 w 44 44 754 507 re S\n`;
  content += `${rgb(GOLD)} RG 3 w 52 520 m 52 543 l 75 543 l S 790 520 m 790 543 l 767 543 l S 52 75 m 52 52 l 75 52 l S 790 75 m 790 52 l 767 52 l S\n`;

  // The brand, letter-spaced in gold between two short rules.
  const brand = centredLine('MANUFACTURING MASTERS', 498, 12, 'F2', GOLD, 2.4);
  content += brand.ops;
  content += `${rgb(GOLD)} RG 1 w ${(brand.x - 60).toFixed(1)} 502 m ${(brand.x - 14).toFixed(1)} 502 l S ${(brand.x + brand.width + 14).toFixed(1)} 502 m ${(brand.x + brand.width + 60).toFixed(1)} 502 l S\n`;
  content += centredLine(input.subtitle.toUpperCase(), 440, 34, 'F2', NAVY).ops;
  content += centredLine(t('certifies'), 396, 14, 'F1', MUTED).ops;
  content += centredLine(input.member, 350, 34, 'F2', INK).ops;
  content += `${rgb(GOLD)} RG 1 w 221 336 m 621 336 l S\n`;
  content += centredLine(t('completed'), 306, 14, 'F1', MUTED).ops;
  content += centredLine(input.title, 270, 24, 'F2', NAVY).ops;
  content += centredLine(input.organization, 238, 14, 'F1', MUTED).ops;

  // The seal under the training; the date (and expiry) on the left, the verification on the right beside its QR code.
  content += seal(CENTRE, 190);
  content += text(t('date', { date: input.date }), 96, 128, 12, 'F2', INK);
  content += '0.55 G 0.6 w 96 120 m 300 120 l S\n';
  if (input.validUntil) content += text(t('validUntil', { date: input.validUntil }), 96, 104, 10, 'F1', MUTED);

  const right = 656;
  const rightAligned = (value: string, y: number, size: number, font: Font, colour: Colour, min: number) => {
    // Clear of the seal's ribbons (the page's centre, 421, plus 30).
    const fitted = fittedSize(value, size, font, right - 452, min);
    return text(value, right - textWidth(value, fitted, font), y, fitted, font, colour);
  };
  content += rightAligned(t('code', { code: input.code }), 128, 12, 'F2', INK, 8);
  content += `0.55 G 0.6 w 452 120 m ${right} 120 l S\n`;
  content += rightAligned(t('scan'), 104, 9, 'F1', MUTED, 9);
  content += rightAligned(input.verifyUrl, 92, 8, 'F1', MUTED, 5);
  content += qrCodeDrawing(input.verifyUrl, 672, 62, 96);

  return buildPdf([content], A4_LANDSCAPE);
}
