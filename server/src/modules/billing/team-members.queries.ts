import type { Db } from '../../db/client.ts';

/** Which of these addresses already have an account (any organization). */
export async function findRegisteredEmails(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  return new Set(rows.flatMap((r) => (r.email === null ? [] : [r.email])));
}
