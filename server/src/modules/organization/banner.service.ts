import path from 'node:path';
import type { BannerData } from '@mm/contract';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.ts';
import { newToken } from '../../lib/crypto.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { findBanner, setBanner } from '../tenancy/index.ts';
import { assertCanManageOrganization, assertCanReadOrganization } from './organization.policy.ts';

const BANNER_MAX_WIDTH = 1600;
const BANNER_DIR = '/uploads/banners/';

export async function getBanner(ctx: AppContext, caller: Caller, organizationId: number): Promise<BannerData> {
  assertCanReadOrganization(caller, organizationId);
  const row = await findBanner(ctx.db, organizationId);
  if (!row) throw notFound('Organization not found.');
  return [{ banner_url: row.banner_url }];
}

/** Re-encodes the upload (strips metadata and anything hidden in the file), at most 1600 px wide. */
export async function saveBanner(ctx: AppContext, caller: Caller, organizationId: number, file: Buffer): Promise<string> {
  assertCanManageOrganization(caller, organizationId);
  let encoded: Buffer;
  try {
    encoded = await sharp(file, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: BANNER_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('banner_file: must be a JPEG, PNG, WebP or GIF image');
  }
  const url = `${BANNER_DIR}${newToken()}.webp`;
  // The URL is the key in the store with a leading slash (/uploads/ serves the store's uploads/ folder).
  await ctx.storage.put(url.slice(1), encoded, 'image/webp');
  const previous = (await findBanner(ctx.db, organizationId))?.banner_url;
  await setBanner(ctx.db, organizationId, url);
  if (previous?.startsWith(BANNER_DIR)) await ctx.storage.delete(`${BANNER_DIR.slice(1)}${path.basename(previous)}`);
  return url;
}
