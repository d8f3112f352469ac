import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('the CSV writer', () => {
  it('prefixes a cell that a spreadsheet would run: = + - @, tab or CR first', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+31 6 1234')).toBe("'+31 6 1234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1+2')).toBe(`"'\t=1+2"`);
    expect(csvCell('\r=1+2')).toBe(`"'\r=1+2"`);
    expect(csvCell('Mia = lead')).toBe('Mia = lead');
  });

  it("quotes every locale's separator, quotes and line breaks, so no cell splits", () => {
    expect(csvCell(';=3+4')).toBe(`";=3+4"`);
    expect(csvCell('Ann ;=3+4')).toBe(`"Ann ;=3+4"`);
    expect(csvCell('Doe, J')).toBe(`"Doe, J"`);
    expect(csvCell('tab\there')).toBe(`"tab\there"`);
    expect(csvCell('Say "hi"')).toBe(`"Say ""hi"""`);
    expect(csvCell('two\nlines')).toBe(`"two\nlines"`);
    expect(csvCell('two\r\nlines')).toBe(`"two\r\nlines"`);
  });

  it('writes numbers and empty cells as they are, and ends lines with CRLF unless told', () => {
    expect(csvLine(['=1+2', ';=3+4', -5, null, 'ok'])).toBe(`'=1+2,";=3+4",-5,,ok\r\n`);
    expect(csvLine(['Name', 'Progress'], '\n')).toBe('Name,Progress\n');
  });
});
