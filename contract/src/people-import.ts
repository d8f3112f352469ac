import { z } from 'zod';
import { csvLine } from './csv.ts';
import { blankAsMissing, EMAIL_OR_EMPLOYEE_NUMBER, oneContact, userFields } from './organization.ts';
import { SHIFTS } from './qualifications.ts';

/**
 * People import (issue 39): a super user enrols many members from a CSV file. The browser parses the file
 * (papaparse) and sends its header and rows; the server checks them (a dry run, `peopleImportCheck`) and imports
 * them in one transaction (`peopleImport`), all or nothing, with the rules of Manage users' "New User".
 */

/**
 * The template's columns, in its order; `email` or `employee_number` (one of the two per row), `shift` and `manager`
 * may be empty. `manager` names, by e-mail address or employee number, a live member of the organization already
 * there (not one of the same file): the person's manager, kept on their account and given to HR systems by the API.
 */
export const PEOPLE_IMPORT_COLUMNS = ['first_name', 'last_name', 'email', 'employee_number', 'team', 'role', 'shift', 'manager'] as const;
export type PeopleImportColumn = (typeof PEOPLE_IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly PeopleImportColumn[] = ['first_name', 'last_name', 'team', 'role'];

/** What a header cell may say for each column (compared without case, accents, spaces, dashes or underscores). */
const COLUMN_NAMES: Record<PeopleImportColumn, readonly string[]> = {
  first_name: ['firstname', 'name', 'nombre'],
  last_name: ['lastname', 'surname', 'apellidos', 'apellido'],
  email: ['email', 'emailaddress', 'correo', 'correoelectronico'],
  employee_number: ['employeenumber', 'employeeno', 'numerodeempleado', 'numeroempleado'],
  team: ['team', 'equipo'],
  role: ['role', 'rol', 'puesto'],
  shift: ['shift', 'turno'],
  manager: ['manager', 'supervisor', 'jefe', 'responsable'],
};

const headerKey = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The column a header cell names, or null for a column the import does not know. */
export function importColumnOf(cell: string): PeopleImportColumn | null {
  const key = headerKey(cell.replace(/^\uFEFF/, ''));
  return PEOPLE_IMPORT_COLUMNS.find((column) => COLUMN_NAMES[column].includes(key)) ?? null;
}

/** A shift as a file may write it: day, evening, night (any case, "Day shift" too); empty for none. */
const shiftCell = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .trim()
          .toLowerCase()
          .replace(/\s*shift$/, '')
      : v,
  z.enum(SHIFTS, { message: `A shift is one of ${SHIFTS.join(', ')}` }),
);

/**
 * One row of the file: Manage users' own fields and rule (exactly one of e-mail and employee number, `userFields`)
 * plus the shift. The team must already exist (checked by the server against the organization's teams).
 */
export const importPersonRow = userFields
  .extend({ shift: blankAsMissing(shiftCell), manager: blankAsMissing(z.string().trim().max(254)) })
  .refine(oneContact, { message: EMAIL_OR_EMPLOYEE_NUMBER, path: ['email'] });
export type ImportPersonRow = z.infer<typeof importPersonRow>;

/** At most this many people per file (5,000 imports in a few seconds on either database). */
export const MAX_IMPORT_ROWS = 5000;

export const peopleImportRequest = z.object({
  /** The file's header row as written. */
  columns: z.array(z.string().max(200)).min(1, 'The file has no header row').max(50, 'At most 50 columns'),
  /** The data rows, cells in the header's order (a blank line is left out by the browser). */
  rows: z
    .array(z.array(z.string().max(1000)).max(50))
    .min(1, 'The file has no rows under its header')
    .max(MAX_IMPORT_ROWS, 'At most 5000 people per file'),
});
export type PeopleImportRequest = z.infer<typeof peopleImportRequest>;

/**
 * What can be wrong with a row: `missing`/`invalid` name the column; `contact` is neither or both of e-mail and
 * employee number; `duplicate` repeats an e-mail or employee number of an earlier `line`; `taken` is an e-mail or
 * employee number another account has (a deleted member, another organization, or a member of the organization
 * with another name); `unknown_team` names no team of the organization; `unknown_manager` is an e-mail address or
 * employee number of no live member of the organization; `over_seats` is past the plan's free seats.
 */
export const IMPORT_ROW_PROBLEMS = ['missing', 'invalid', 'contact', 'duplicate', 'taken', 'unknown_team', 'unknown_manager', 'over_seats'] as const;
export type ImportRowProblemCode = (typeof IMPORT_ROW_PROBLEMS)[number];
export const importRowProblem = z.object({
  code: z.enum(IMPORT_ROW_PROBLEMS),
  column: z.enum(PEOPLE_IMPORT_COLUMNS).nullable(),
  /** For a duplicate: the earlier line with the same e-mail or employee number. */
  line: z.number().nullable(),
});
export type ImportRowProblem = z.infer<typeof importRowProblem>;

/** A column problem: one the import does not know, a required one missing, or one given twice. */
export const IMPORT_FILE_PROBLEMS = ['unknown_column', 'missing_column', 'duplicate_column', 'no_contact_column'] as const;
export const importFileProblem = z.object({ code: z.enum(IMPORT_FILE_PROBLEMS), column: z.string() });
export type ImportFileProblem = z.infer<typeof importFileProblem>;

/** `new`: will be created; `present`: already a member (same e-mail or employee number and name), left as is. */
export const importRowCheck = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  status: z.enum(['new', 'present', 'invalid']),
  problems: z.array(importRowProblem),
});
export type ImportRowCheck = z.infer<typeof importRowCheck>;

export const peopleImportCheckData = z.object({
  file_problems: z.array(importFileProblem),
  rows: z.array(importRowCheck),
  new_count: z.number(),
  present_count: z.number(),
  invalid_count: z.number(),
  seats: z.object({ seats: z.number(), in_use: z.number(), free: z.number() }),
  /** Nothing wrong: importing now creates `new_count` members. */
  ready: z.boolean(),
});
export type PeopleImportCheckData = z.infer<typeof peopleImportCheckData>;

export const peopleImportResultData = z.object({
  created: z.number(),
  present: z.number(),
  /** Members with e-mail, each sent an invitation. */
  invited: z.number(),
  /** Members without e-mail, invited by a printed sign-in sheet. */
  without_email: z.array(z.object({ id: z.number(), name: z.string(), last_name: z.string(), employee_number: z.string() })),
});
export type PeopleImportResultData = z.infer<typeof peopleImportResultData>;

/** The refusal of an import whose file the check would not pass (the web checks it again to show each row's problem). */
export const PEOPLE_IMPORT_NOT_READY = 'The file has problems: check it again and fix them before importing.';

/** The template: the header and one example row, written safe for a spreadsheet (contract csv.ts). */
export function peopleImportTemplate(example: Record<PeopleImportColumn, string>): string {
  return csvLine([...PEOPLE_IMPORT_COLUMNS]) + csvLine(PEOPLE_IMPORT_COLUMNS.map((column) => example[column]));
}
