import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';

export const findOrganizationName = (db: Db, organizationId: number) =>
  db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();

/** The organization's name, '' when there is none (for printed sheets and packs). */
export const organizationName = async (db: Db, organizationId: number) => (await findOrganizationName(db, organizationId))?.name ?? '';

export const findBanner = (db: Db, organizationId: number) =>
  db.selectFrom('organizations').select('banner_url').where('id', '=', organizationId).executeTakeFirst();

export async function setBanner(db: Db, organizationId: number, bannerUrl: string): Promise<void> {
  await db.updateTable('organizations').set({ banner_url: bannerUrl, updated_at: now() }).where('id', '=', organizationId).execute();
}

/** The language an organization's members see unless they chose one (null: English). */
export async function setDefaultLocale(db: Db, organizationId: number, locale: string | null): Promise<void> {
  await db.updateTable('organizations').set({ default_locale: locale, updated_at: now() }).where('id', '=', organizationId).execute();
}

/** A new organization; `verified: false` for a visitor's registration, which counts once its e-mail is confirmed. */
export async function insertOrganization(db: Db, name: string, { verified = true } = {}): Promise<number> {
  const t = now();
  const row = await db
    .insertInto('organizations')
    .values({ name, banner_url: null, verified_at: verified ? t : null, created_at: t, updated_at: t })
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
