import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';

export const findOrganizationName = (db: Db, organizationId: number) =>
  db.selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst();

export const findBanner = (db: Db, organizationId: number) =>
  db.selectFrom('organizations').select('banner_url').where('id', '=', organizationId).executeTakeFirst();

export async function setBanner(db: Db, organizationId: number, bannerUrl: string): Promise<void> {
  await db.updateTable('organizations').set({ banner_url: bannerUrl, updated_at: now() }).where('id', '=', organizationId).execute();
}
