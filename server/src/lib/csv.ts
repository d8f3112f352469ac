/**
 * CSV (RFC 4180) for spreadsheet downloads. A cell that a spreadsheet would read as a formula (starting with =, +,
 * - or @) is prefixed with an apostrophe: names and comments come from users.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvLine = (cells: (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
