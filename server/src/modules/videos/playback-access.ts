import { NEED_SUBSCRIPTION_MESSAGE } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { forbidden, GUEST_READ_ONLY } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { organizationHasAccess } from '../billing/index.ts';

/** A caller with the playback decision made once per request. */
export type Viewer = Caller & { canPlay: boolean };

/**
 * Who may play: a member of an organization with a trialing or active subscription, and the guest
 * account (it browses and plays, read-only). Everyone else sees the catalog without stream URLs.
 */
export async function viewerOf(ctx: AppContext, caller: Caller): Promise<Viewer> {
  if (caller.isGuest) return { ...caller, canPlay: true };
  return { ...caller, canPlay: await organizationHasAccess(ctx.db, caller) };
}

export function assertCanPlay(viewer: Viewer, message = NEED_SUBSCRIPTION_MESSAGE): void {
  if (!viewer.canPlay) throw forbidden(message);
}

/** Downloads and e-mails count as writes: the guest is refused even on GET routes. */
export function assertNotGuest(caller: Caller): void {
  if (caller.isGuest) throw forbidden(GUEST_READ_ONLY, 'guest_read_only');
}
