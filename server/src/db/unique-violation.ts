/**
 * Which table and column a write collided on when it broke a unique rule, on either database, or null for any other
 * error. Checks made before a write (is this e-mail taken?) can be raced by a parallel request; the rule in the
 * database still refuses the second row, and this names what it refused so the caller gets a 409, not a 500.
 */
export function uniqueViolationOf(error: unknown): { table: string; column: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown };
  // PostgreSQL: unique_violation, with the table and "Key (column)=(value) already exists."
  if (e.code === '23505') {
    const column = /^Key \(([^)]+)\)/.exec(String(e.detail ?? ''))?.[1] ?? '';
    return { table: String(e.table ?? ''), column };
  }
  // SQLite (better-sqlite3): "UNIQUE constraint failed: table.column[, table.column]".
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const [table = '', column = ''] = (/constraint failed: ([\w.]+)/.exec(String(e.message ?? ''))?.[1] ?? '').split('.');
    return { table, column };
  }
  return null;
}
