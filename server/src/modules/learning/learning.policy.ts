import { CERTIFICATE_MESSAGES } from '@mm/contract';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';

/** A member reads their own activity and certificates; a super user those of their organization; nobody another organization's. */
export function assertCanReadMember(caller: Caller, target: { id: number; organization_id: number | null } | undefined): asserts target {
  if (!target) throw notFound('User not found.');
  if (caller.userId === target.id) return;
  if (caller.organizationId !== null && caller.organizationId === target.organization_id) {
    if (caller.isSuperUser) return;
    throw forbidden("You cannot see this member's activity or certificates.");
  }
  // Another organization's member: not even their existence is told.
  throw notFound('User not found.');
}

/** People lists and rankings: members of the organization only. */
export function assertSameOrganization(caller: Caller, organizationId: number): void {
  if (caller.organizationId === null || caller.organizationId !== organizationId) throw forbidden("You cannot see another organization's people.");
}

/** A category the caller's path keeps locked answers 403 with the spec's locked text (super users and the guest preview). */
export function assertCategoryOpen(access: { lockedCategoryIds: ReadonlySet<number>; preview: boolean }, categoryId: number): void {
  if (!access.preview && access.lockedCategoryIds.has(categoryId)) throw forbidden(CERTIFICATE_MESSAGES.categoryLocked, 'category_locked');
}

/**
 * A video opens when its category does and the caller's path does not hide it; a hidden video is not part of the
 * member's training, so it answers as missing (`notFoundMessage`). Super users and the guest preview everything.
 */
export function assertVideoOpen(
  access: { hiddenVideoIds: number[]; lockedCategoryIds: ReadonlySet<number>; preview: boolean },
  video: { id: number; category_id: number },
  notFoundMessage: string,
): void {
  assertCategoryOpen(access, video.category_id);
  if (!access.preview && access.hiddenVideoIds.includes(video.id)) throw notFound(notFoundMessage);
}
