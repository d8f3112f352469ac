import { importColumnOf, type PeopleImportColumn, type PeopleImportRequest, peopleImportTemplate } from '@mm/contract';
import Papa from 'papaparse';

/** A file as the import sends it: the header row and the data rows (blank lines left out), every cell as text. */
export type ReadCsv = PeopleImportRequest & { name: string };

/**
 * Reads a CSV file in the browser (papaparse: quoted cells, CRLF or LF, a spreadsheet's BOM); the separator is
 * guessed (comma or semicolon, as spreadsheets in Spanish write them). Nothing is sent until the file is read.
 */
export function readCsv(file: File): Promise<ReadCsv> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      delimitersToGuess: [',', ';', '\t'],
      complete: (result) => {
        const [columns = [], ...rows] = result.data;
        resolve({ name: file.name, columns: columns.map((c) => c.replace(/^\uFEFF/, '')), rows });
      },
      error: (error) => reject(error),
    });
  });
}

/** The template's text: the header row and one example (written by the contract's spreadsheet-safe CSV writer). */
export function templateCsv(example: Record<PeopleImportColumn, string>): string {
  return peopleImportTemplate(example);
}

/** The cell of a data row under a column, as the file says it (for the preview); headers read as the server reads them. */
export function cellOf(file: ReadCsv, row: number, column: PeopleImportColumn): string {
  const index = file.columns.findIndex((cell) => importColumnOf(cell) === column);
  return index < 0 ? '' : (file.rows[row]?.[index] ?? '').trim();
}
