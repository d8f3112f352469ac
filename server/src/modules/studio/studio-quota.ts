import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { lockStudioStorage, organizationExists, quotaOf, setQuota, storageUsed } from './studio.queries.ts';

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Admits `bytes` more into the organization's studio storage and records them with `write`, in one transaction that
 * holds the organization's storage (lockStudioStorage): the quota check and the row that makes the bytes count are
 * one step, so uploads and photos sent at once cannot together pass the quota. Over it: 413, nothing written.
 */
export async function withinStudioQuota(ctx: AppContext, organizationId: number, bytes: number, write: (trx: Db) => Promise<void>): Promise<void> {
  const quotaBytes = (await quotaOf(ctx.db, organizationId)) ?? ctx.config.studio.quotaBytes;
  await ctx.db.transaction().execute(async (trx) => {
    await lockStudioStorage(trx, organizationId);
    const used = await storageUsed(trx, organizationId);
    if (used + bytes > quotaBytes)
      throw new AppError(
        413,
        `Your organization's storage is full: ${megabytes(used)} of ${megabytes(quotaBytes)} used, and this file needs ${megabytes(bytes)}. Remove an upload or ask for more space.`,
        { code: 'too_large' },
      );
    await write(trx);
  });
}

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
