/**
 * The one CSV writer of the server's exports and the web's downloads (RFC 4180 quoting). Safe in any spreadsheet:
 * a cell holding the separator of any locale (`,` `;` tab), a quote, CR or LF is quoted, so no cell splits or
 * spills into the next; a cell starting with `= + - @`, tab or CR gets a leading apostrophe, so a name typed as a
 * formula is shown as text and never run (OWASP "CSV injection"). Numbers pass as they are: only text comes from people.
 */
export type CsvValue = string | number | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",;\t\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One line of comma-separated cells; the exports end lines with CRLF (RFC 4180), team-data.csv with LF (its spec). */
export const csvLine = (cells: CsvValue[], end: '\r\n' | '\n' = '\r\n'): string => `${cells.map(csvCell).join(',')}${end}`;
