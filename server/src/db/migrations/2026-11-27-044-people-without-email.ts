import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * People without e-mail (issue 39): a member may have an employee number instead of an e-mail address.
 * - `users.email` becomes nullable and `users.employee_number` is added (unique within an organization); a check keeps
 *   one of the two present. PostgreSQL changes the column in place; SQLite cannot drop a NOT NULL, so the users table is
 *   rebuilt from its own stored definition (SQLite's documented twelve steps, with foreign keys off while the table is
 *   swapped: the tables that reference users keep referencing it by name).
 * - `organizations.sign_in_code`: the short code such a member types with their employee number to sign in, printed on
 *   their sheet; existing organizations get one here.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table users alter column email drop not null`.execute(db);
    await sql`alter table users add column employee_number varchar(40)`.execute(db);
    await sql`alter table users add constraint users_email_or_employee_number check (email is not null or employee_number is not null)`.execute(db);
  } else {
    await rebuildSqliteUsers(db);
  }
  await db.schema.createIndex('users_employee_number_idx').on('users').columns(['organization_id', 'employee_number']).unique().execute();

  await db.schema.alterTable('organizations').addColumn('sign_in_code', 'varchar(12)').execute();
  const organizations = await db.selectFrom('organizations').select('id').execute();
  for (const { id } of organizations) await db.updateTable('organizations').set({ sign_in_code: newCode() }).where('id', '=', id).execute();
  await db.schema.createIndex('organizations_sign_in_code_idx').on('organizations').column('sign_in_code').unique().execute();
}

async function rebuildSqliteUsers(db: Kysely<any>): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'users' and sql is not null`.execute(db);
  const definition = table.rows[0]?.sql;
  if (!definition) throw new Error('The users table is missing.');
  const emailColumn = /"email" varchar\(254\) not null unique/i;
  if (!emailColumn.test(definition)) throw new Error('The users table does not have the e-mail column this migration expects.');
  const rebuilt = definition
    .replace(/^create table "?users"?/i, 'create table "users_rebuilt"')
    .replace(emailColumn, '"email" varchar(254) unique, "employee_number" varchar(40)')
    .replace(/\)\s*$/, ', constraint "users_email_or_employee_number" check ("email" is not null or "employee_number" is not null))');
  const columns = await sql<{ name: string }>`select name from pragma_table_info('users')`.execute(db);
  const list = columns.rows.map((c) => `"${c.name}"`).join(', ');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql.raw(`insert into users_rebuilt (${list}) select ${list} from users`).execute(db);
    await sql`drop table users`.execute(db);
    await sql`alter table users_rebuilt rename to users`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('Rebuilding the users table broke a foreign key.');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) throw new Error('Migration 044 is not reversible on SQLite: restore the backup taken before it instead.');
  await db.schema.dropIndex('organizations_sign_in_code_idx').execute();
  await db.schema.alterTable('organizations').dropColumn('sign_in_code').execute();
  await db.schema.dropIndex('users_employee_number_idx').execute();
  await sql`alter table users drop constraint users_email_or_employee_number`.execute(db);
  await sql`alter table users drop column employee_number`.execute(db);
  await sql`alter table users alter column email set not null`.execute(db);
}
