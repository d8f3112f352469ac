import {
  type ImportFileProblem,
  type ImportPersonRow,
  type ImportRowCheck,
  type ImportRowProblem,
  importColumnOf,
  importPersonRow,
  oneContact,
  PEOPLE_IMPORT_COLUMNS,
  type PeopleImportCheckData,
  type PeopleImportColumn,
  type PeopleImportRequest,
  REQUIRED_IMPORT_COLUMNS,
} from '@mm/contract';

/** A data row as read: its cells by column, the person when the row's fields are valid, and its own problems so far. */
export type ReadRow = {
  line: number;
  cells: Record<PeopleImportColumn, string>;
  person: ImportPersonRow | null;
  problems: ImportRowProblem[];
};

export type ReadFile = { fileProblems: ImportFileProblem[]; rows: ReadRow[] };

/** The contract field each column fills (`userFields` calls the first name `name`). */
const FIELD_COLUMN: Record<string, PeopleImportColumn> = {
  name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  employee_number: 'employee_number',
  team: 'team',
  role: 'role',
  shift: 'shift',
  manager: 'manager',
};

const problem = (code: ImportRowProblem['code'], column: PeopleImportColumn | null, line: number | null = null): ImportRowProblem => ({
  code,
  column,
  line,
});

/**
 * Reads the header and rows with Manage users' schema (`importPersonRow`), with no database: every column problem
 * and every problem a row has on its own (missing or invalid cells, neither or both of e-mail and employee number).
 * Rows are not read when a required column is missing (each would only repeat it).
 */
export function readImportFile(request: PeopleImportRequest): ReadFile {
  const fileProblems: ImportFileProblem[] = [];
  const index = new Map<PeopleImportColumn, number>();
  request.columns.forEach((cell, i) => {
    if (cell.trim() === '') return;
    const column = importColumnOf(cell);
    if (column === null) fileProblems.push({ code: 'unknown_column', column: cell.trim() });
    else if (index.has(column)) fileProblems.push({ code: 'duplicate_column', column: cell.trim() });
    else index.set(column, i);
  });
  for (const column of REQUIRED_IMPORT_COLUMNS) if (!index.has(column)) fileProblems.push({ code: 'missing_column', column });
  if (!index.has('email') && !index.has('employee_number')) fileProblems.push({ code: 'no_contact_column', column: 'email' });
  if (fileProblems.some((p) => p.code !== 'unknown_column')) return { fileProblems, rows: [] };

  const rows = request.rows.map((cells, i): ReadRow => {
    const line = i + 2;
    const value = Object.fromEntries(PEOPLE_IMPORT_COLUMNS.map((column) => [column, cellOf(cells, index.get(column))])) as Record<PeopleImportColumn, string>;
    const fields = {
      name: value.first_name,
      last_name: value.last_name,
      email: value.email,
      employee_number: value.employee_number,
      team: value.team,
      role: value.role,
      shift: value.shift,
      manager: value.manager,
    };
    const parsed = importPersonRow.safeParse(fields);
    const problems: ImportRowProblem[] = [];
    const add = (p: ImportRowProblem) => {
      if (!problems.some((q) => q.code === p.code && q.column === p.column)) problems.push(p);
    };
    // The contact rule is said once, whether or not the other fields let the schema's refinement run.
    const blank = (s: string) => (s.trim() === '' ? undefined : s);
    if (!oneContact({ email: blank(value.email), employee_number: blank(value.employee_number) })) add(problem('contact', null));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.code === 'custom') continue;
        const column = FIELD_COLUMN[String(issue.path[0])];
        if (column === undefined) continue;
        add(problem(value[column].trim() === '' ? 'missing' : 'invalid', column));
      }
    }
    return { line, cells: value, person: parsed.success ? parsed.data : null, problems };
  });
  return { fileProblems, rows };
}

const cellOf = (cells: readonly string[], i: number | undefined) => (i === undefined ? '' : (cells[i] ?? ''));

/** An account already holding a row's e-mail address or employee number. */
export type ExistingAccount = {
  id: number;
  organization_id: number | null;
  email: string | null;
  employee_number: string | null;
  name: string;
  last_name: string;
  deleted_at: number | null;
};

export type ImportContext = {
  organizationId: number;
  /** The organization's live teams by lower-case name. */
  teams: ReadonlyMap<string, number>;
  /** Accounts holding the rows' contacts and their managers' (`usersByContacts`: e-mail anywhere, employee number in the organization). */
  existing: readonly ExistingAccount[];
  seats: { seats: number; inUse: number; free: number };
};

export type JudgedRow = ImportRowCheck & { person: ImportPersonRow | null; teamId: number | null; managerId: number | null };

/** A manager cell as the database keeps the contact it names: an e-mail address (lower case) or an employee number (upper case). */
const managerContact = (cell: string): { email: string } | { employeeNumber: string } =>
  cell.includes('@') ? { email: cell.trim().toLowerCase() } : { employeeNumber: cell.trim().toUpperCase() };

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The e-mail addresses and employee numbers of the rows, as the database keeps them, for one lookup of the whole file. */
export function contactsOf(file: ReadFile): { emails: string[]; employeeNumbers: string[] } {
  const emails = new Set<string>();
  const employeeNumbers = new Set<string>();
  for (const row of file.rows) {
    if (row.person?.email !== undefined) emails.add(row.person.email);
    if (row.person?.employee_number !== undefined) employeeNumbers.add(row.person.employee_number);
    if (row.person?.manager !== undefined) {
      const manager = managerContact(row.person.manager);
      if ('email' in manager) emails.add(manager.email);
      else employeeNumbers.add(manager.employeeNumber);
    }
  }
  return { emails: [...emails], employeeNumbers: [...employeeNumbers] };
}

/**
 * Every row's verdict against the file itself and the organization: repeated e-mail or employee number (the later
 * row), unknown team, already a member (the same contact and name: `present`, left as is, which makes importing a
 * file twice change nothing), a contact another account holds, and past the free seats (rows counted in file order).
 */
export function judgeImport(file: ReadFile, context: ImportContext): PeopleImportCheckData & { judged: JudgedRow[] } {
  const firstLine = new Map<string, number>();
  const byEmail = new Map(context.existing.filter((a) => a.email !== null).map((a) => [a.email as string, a]));
  const byNumber = new Map(
    context.existing.filter((a) => a.organization_id === context.organizationId && a.employee_number !== null).map((a) => [a.employee_number as string, a]),
  );
  // A manager is a live member of the organization (never a deleted one, nor an account of another organization).
  const live = (a: ExistingAccount | undefined) => (a && a.organization_id === context.organizationId && a.deleted_at === null ? a.id : null);
  const managerOf = (cell: string) => {
    const contact = managerContact(cell);
    return live('email' in contact ? byEmail.get(contact.email) : byNumber.get(contact.employeeNumber));
  };
  let free = context.seats.free;
  const judged = file.rows.map((row): JudgedRow => {
    const problems = [...row.problems];
    const person = row.person;
    let present = false;
    for (const [column, key] of [
      ['email', person?.email ?? (row.cells.email.trim().toLowerCase() || undefined)],
      ['employee_number', person?.employee_number ?? (row.cells.employee_number.trim().toUpperCase() || undefined)],
    ] as const) {
      if (key === undefined) continue;
      const earlier = firstLine.get(`${column}:${key}`);
      if (earlier !== undefined) problems.push(problem('duplicate', column, earlier));
      else firstLine.set(`${column}:${key}`, row.line);
      if (!person) continue;
      const account = column === 'email' ? byEmail.get(key) : byNumber.get(key);
      if (!account) continue;
      const sameMember =
        account.organization_id === context.organizationId &&
        account.deleted_at === null &&
        sameText(account.name, person.name) &&
        sameText(account.last_name, person.last_name);
      if (sameMember) present = true;
      else problems.push(problem('taken', column));
    }
    const teamName = row.cells.team.trim().toLowerCase();
    const teamId = teamName === '' ? null : (context.teams.get(teamName) ?? null);
    if (teamName !== '' && teamId === null) problems.push(problem('unknown_team', 'team'));
    const managerId = person?.manager === undefined ? null : managerOf(person.manager);
    if (person?.manager !== undefined && managerId === null) problems.push(problem('unknown_manager', 'manager'));
    if (problems.length === 0 && !present) {
      if (free > 0) free--;
      else problems.push(problem('over_seats', null));
    }
    const status = problems.length > 0 ? 'invalid' : present ? 'present' : 'new';
    return { line: row.line, status, problems, person, teamId, managerId };
  });
  const count = (status: ImportRowCheck['status']) => judged.filter((r) => r.status === status).length;
  const invalid = count('invalid');
  return {
    file_problems: file.fileProblems,
    rows: judged.map(({ line, status, problems }) => ({ line, status, problems })),
    new_count: count('new'),
    present_count: count('present'),
    invalid_count: invalid,
    seats: { seats: context.seats.seats, in_use: context.seats.inUse, free: context.seats.free },
    ready: file.fileProblems.length === 0 && invalid === 0 && file.rows.length > 0,
    judged,
  };
}
