import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { organizationExists, setQuota } from './studio.queries.ts';

/** The largest quota an operator may set: the bound of STUDIO_QUOTA_MB (100 TB). */
export const MAX_STUDIO_QUOTA_MB = 104_857_600;

/**
 * The operator's command (`platform set-studio-quota <organization id> <MB|default>`): the organization's own storage
 * quota, or back to STUDIO_QUOTA_MB. Uploads already stored stay; new ones are refused once over it. Answers false
 * when there is no such organization.
 */
export async function setStudioQuota(db: Db, organizationId: number, megabytes: number | null): Promise<boolean> {
  if (!(await organizationExists(db, organizationId))) return false;
  await db.transaction().execute((trx) => setQuota(trx, organizationId, megabytes === null ? null : Math.floor(megabytes * 1024 * 1024), now()));
  return true;
}
