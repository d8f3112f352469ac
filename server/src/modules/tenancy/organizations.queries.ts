import { announceChange } from '../../db/change-notices.ts';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { newReadableCode } from '../../lib/crypto.ts';

export const findOrganizationName = (db: Db, organizationId: number) =>
  db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();

/** The organization's name, '' when there is none (for printed sheets and packs). */
export const organizationName = async (db: Db, organizationId: number) => (await findOrganizationName(db, organizationId))?.name ?? '';

/** The language the organization chose for its people (null: none chosen), for mail to an address that is no member's. */
export const organizationDefaultLocale = async (db: Db, organizationId: number) =>
  (await db.selectFrom('organizations').select('default_locale').where('id', '=', organizationId).executeTakeFirst())?.default_locale ?? null;

export const findBanner = (db: Db, organizationId: number) =>
  db.selectFrom('organizations').select('banner_url').where('id', '=', organizationId).executeTakeFirst();

export async function setBanner(db: Db, organizationId: number, bannerUrl: string): Promise<void> {
  await db.updateTable('organizations').set({ banner_url: bannerUrl, updated_at: now() }).where('id', '=', organizationId).execute();
}

/** What members without e-mail type with their employee number: 8 characters, about 40 bits. */
export const newOrganizationCode = () => newReadableCode(8);

/** The organization's sign-in code, printed on the sheets of its members without e-mail. */
export async function organizationSignInCode(db: Db, organizationId: number): Promise<string> {
  const row = await db.selectFrom('organizations').select('sign_in_code').where('id', '=', organizationId).executeTakeFirstOrThrow();
  return row.sign_in_code;
}

/** The language an organization's members see unless they chose one (null: English). */
export async function setDefaultLocale(db: Db, organizationId: number, locale: string | null): Promise<void> {
  await db.updateTable('organizations').set({ default_locale: locale, updated_at: now() }).where('id', '=', organizationId).execute();
  // Kept sessions carry their members' language, which falls back to this one.
  await announceChange(db, `organization:${organizationId}`);
}

/** A new organization; `verified: false` for a visitor's registration, which counts once its e-mail is confirmed. */
export async function insertOrganization(db: Db, name: string, { verified = true } = {}): Promise<number> {
  const t = now();
  const row = await db
    .insertInto('organizations')
    .values({ name, banner_url: null, verified_at: verified ? t : null, sign_in_code: newOrganizationCode(), created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markOrganizationVerified(db: Db, organizationId: number): Promise<void> {
  await db.updateTable('organizations').set({ verified_at: now() }).where('id', '=', organizationId).where('verified_at', 'is', null).execute();
}

export async function organizationVerified(db: Db, organizationId: number): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('verified_at').where('id', '=', organizationId).executeTakeFirst();
  return row?.verified_at != null;
}

/** Whether the organization's members may sign in with a password (off: single sign-on only, set by modules/sso). */
export async function passwordSignInAllowed(db: Db, organizationId: number): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('password_sign_in').where('id', '=', organizationId).executeTakeFirst();
  return row?.password_sign_in !== 0;
}

export async function setPasswordSignIn(db: Db, organizationId: number, allowed: boolean): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ password_sign_in: allowed ? 1 : 0, updated_at: now() })
    .where('id', '=', organizationId)
    .execute();
}
