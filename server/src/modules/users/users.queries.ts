import { announceChange } from '../../db/change-notices.ts';
import type { Db } from '../../db/client.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { NewUser, UserTable, UserUpdate } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { searchText } from '../../lib/search-text.ts';

/** The columns a user is read with: all but `search_text`, which only Manage users' search reads. */
type UserColumn = Exclude<keyof UserTable, 'search_text'>;

/**
 * Every column of users, named: a statement compiled once never says `*` (db/prepared-statements.ts: a column another
 * instance adds must not change a prepared statement's answer). A column added to UserTable and not here fails to compile.
 */
const USER_COLUMNS = Object.keys({
  id: true,
  organization_id: true,
  team_id: true,
  email: true,
  employee_number: true,
  password_hash: true,
  name: true,
  last_name: true,
  company: true,
  role: true,
  bio: true,
  mobile: true,
  picture: true,
  is_super_user: true,
  is_guest: true,
  first_login: true,
  logged_in_account: true,
  last_login: true,
  timezone: true,
  locale: true,
  is_change_password: true,
  deleted_at: true,
  created_at: true,
  updated_at: true,
  manager_id: true,
} satisfies Record<UserColumn, true>).map((column) => `users.${column}`) as `users.${UserColumn}`[];

/** A user with the names of their organization and team, as sessions and profiles show them. */
function selectUserWithOrg(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .leftJoin('teams', (j) => j.onRef('teams.id', '=', 'users.team_id').on('teams.deleted_at', 'is', null))
    .select(USER_COLUMNS)
    .select(['organizations.name as organization_name', 'organizations.default_locale as organization_locale', 'teams.name as team_name'])
    .where('users.deleted_at', 'is', null);
}

export const findUserByEmail = (db: Db, email: string) => selectUserWithOrg(db).where('users.email', '=', email.toLowerCase()).executeTakeFirst();

/** A member by their employee number within the organization whose sign-in code is given (issue 39). */
export const findUserByEmployeeNumber = (db: Db, organizationCode: string, employeeNumber: string) =>
  selectUserWithOrg(db).where('organizations.sign_in_code', '=', organizationCode).where('users.employee_number', '=', employeeNumber).executeTakeFirst();

/** Whether someone of the organization (deleted or not: the unique index counts them) has this employee number. */
export async function employeeNumberTaken(db: Db, organizationId: number, employeeNumber: string, exceptUserId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('organization_id', '=', organizationId).where('employee_number', '=', employeeNumber);
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Compiled once: every screen's profile call asks it. */
const userById = compiledOnce((db: Db, id: number) => selectUserWithOrg(db).where('users.id', '=', id));

export const findUserById = async (db: Db, id: number) => (await userById(db, id))[0];

export type UserWithOrg = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

type SearchedFields = { name: string; last_name?: string; email: string | null; employee_number?: string | null; role?: string | null };

/** What Manage users' search finds a user by (their team is matched apart, by its name). */
export const userSearchText = (user: SearchedFields): string =>
  searchText(user.name, user.last_name ?? '', user.email ?? '', user.employee_number ?? '', user.role ?? '');

export async function insertUser(db: Db, user: Omit<NewUser, 'created_at' | 'updated_at' | 'search_text'>): Promise<number> {
  const t = now();
  const email = user.email?.toLowerCase() ?? null;
  const row = await db
    .insertInto('users')
    .values({ ...user, email, search_text: userSearchText({ ...user, email }), created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rows per insert of a batch (well under both databases' limits on bound values). */
const ROWS_PER_INSERT = 500;

/**
 * Many users in a few statements (the CSV import), answered in the order given. Ids are matched back by e-mail or
 * employee number, unique within the organization, rather than trusting the order of RETURNING.
 */
export async function insertUsers(db: Db, users: Omit<NewUser, 'created_at' | 'updated_at' | 'search_text'>[]): Promise<number[]> {
  const t = now();
  const ids = new Map<string, number>();
  const keyOf = (u: { email: string | null; employee_number?: string | null }) => (u.email !== null ? `e:${u.email}` : `n:${u.employee_number}`);
  for (let i = 0; i < users.length; i += ROWS_PER_INSERT) {
    const rows = users.slice(i, i + ROWS_PER_INSERT).map((user) => {
      const email = user.email?.toLowerCase() ?? null;
      return { ...user, email, search_text: userSearchText({ ...user, email }), created_at: t, updated_at: t };
    });
    for (const row of await db.insertInto('users').values(rows).returning(['id', 'email', 'employee_number']).execute()) ids.set(keyOf(row), row.id);
  }
  return users.map((user) => ids.get(keyOf({ email: user.email?.toLowerCase() ?? null, employee_number: user.employee_number })) as number);
}

/** Rows per `in` list of a lookup. */
const IDS_PER_LOOKUP = 1000;

/**
 * The accounts holding any of these e-mail addresses (any organization: an address is unique on the platform) or
 * employee numbers of the organization (deleted members too: the unique index counts them), in a statement per
 * thousand values: the CSV import's lookup of a whole file.
 */
export async function usersByContacts(db: Db, organizationId: number, emails: readonly string[], employeeNumbers: readonly string[]) {
  const columns = ['id', 'organization_id', 'email', 'employee_number', 'name', 'last_name', 'deleted_at'] as const;
  const found = [];
  for (let i = 0; i < emails.length; i += IDS_PER_LOOKUP) {
    found.push(
      ...(await db
        .selectFrom('users')
        .select(columns)
        .where('email', 'in', emails.slice(i, i + IDS_PER_LOOKUP))
        .execute()),
    );
  }
  for (let i = 0; i < employeeNumbers.length; i += IDS_PER_LOOKUP) {
    found.push(
      ...(await db
        .selectFrom('users')
        .select(columns)
        .where('organization_id', '=', organizationId)
        .where('employee_number', 'in', employeeNumbers.slice(i, i + IDS_PER_LOOKUP))
        .execute()),
    );
  }
  return found;
}

export async function updateUser(db: Db, id: number, changes: Omit<UserUpdate, 'updated_at' | 'search_text'>): Promise<void> {
  const searched =
    changes.name !== undefined ||
    changes.last_name !== undefined ||
    changes.email !== undefined ||
    changes.employee_number !== undefined ||
    changes.role !== undefined;
  // A change of a searched field rewrites the search text from the row as it will be.
  const current = searched
    ? await db.selectFrom('users').select(['name', 'last_name', 'email', 'employee_number', 'role']).where('id', '=', id).executeTakeFirst()
    : undefined;
  await db
    .updateTable('users')
    .set({ ...changes, ...(current && { search_text: userSearchText({ ...current, ...changes } as SearchedFields) }), updated_at: now() })
    .where('id', '=', id)
    .execute();
  // Each instance keeps its members' sessions with their organization, team, role and language: they read them again.
  await announceChange(db, `user:${id}`);
}

/** True once anyone but the shared guest account exists: the platform is no longer empty. */
export async function anyoneSignedUp(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('is_guest', '=', 0).limit(1).executeTakeFirst()) !== undefined;
}

/** Soft delete: the row stays for history and sign-in skips deleted users (the caller ends their sessions). */
export async function softDeleteUser(db: Db, organizationId: number, userId: number): Promise<void> {
  const t = now();
  await db.updateTable('users').set({ deleted_at: t, updated_at: t }).where('organization_id', '=', organizationId).where('id', '=', userId).execute();
  await announceChange(db, `user:${userId}`);
}

export async function updateOrganizationUser(
  db: Db,
  organizationId: number,
  userId: number,
  changes: { name: string; last_name: string; email: string | null; employee_number: string | null; team_id: number; role: string; manager_id?: number | null },
): Promise<void> {
  const email = changes.email?.toLowerCase() ?? null;
  await db
    .updateTable('users')
    .set({ ...changes, email, search_text: userSearchText({ ...changes, email }), updated_at: now() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  await announceChange(db, `user:${userId}`);
}

/** Each person's manager (a live member of the same organization, checked by the caller), in one go. */
export async function setManagers(db: Db, organizationId: number, assignments: readonly { userId: number; managerId: number | null }[]): Promise<void> {
  const t = now();
  for (const { userId, managerId } of assignments) {
    await db
      .updateTable('users')
      .set({ manager_id: managerId, updated_at: t })
      .where('organization_id', '=', organizationId)
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
  }
}

export async function assignMembers(db: Db, organizationId: number, teamId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('users')
    .set({ team_id: teamId, updated_at: now() })
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', userIds)
    .execute();
  await announceChange(db, `organization:${organizationId}`);
}

/** Members leave the team; the users themselves stay. */
export async function releaseMembers(db: Db, organizationId: number, teamId: number): Promise<void> {
  await db.updateTable('users').set({ team_id: null, updated_at: now() }).where('organization_id', '=', organizationId).where('team_id', '=', teamId).execute();
  await announceChange(db, `organization:${organizationId}`);
}

/** Undoes a soft delete (a member deactivated by the organization's identity provider and now reactivated). */
export async function restoreUser(db: Db, organizationId: number, userId: number): Promise<void> {
  await db.updateTable('users').set({ deleted_at: null, updated_at: now() }).where('organization_id', '=', organizationId).where('id', '=', userId).execute();
  await announceChange(db, `user:${userId}`);
}

/** One member leaves the team (when they are in it); the user stays. */
export async function releaseMember(db: Db, organizationId: number, teamId: number, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ team_id: null, updated_at: now() })
    .where('organization_id', '=', organizationId)
    .where('team_id', '=', teamId)
    .where('id', '=', userId)
    .execute();
  await announceChange(db, `user:${userId}`);
}

/**
 * The language each user reads e-mails in: their own, else their organization's default (null: neither, English).
 * Raw values: the mail side validates them (`recipientLocale`).
 */
export async function mailLocales(db: Db, userIds: readonly number[]): Promise<Map<number, { own: string | null; organization: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(['users.id', 'users.locale', 'organizations.default_locale'])
    .where('users.id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, { own: r.locale, organization: r.default_locale }]));
}
