import type { AppContext } from '../../app-context.ts';
import { insertCertificate } from './learning.queries.ts';
import type { DueCertificate } from './learning.rules.ts';

/**
 * Issues each due certificate once, each in a transaction of its own with its `certificate.issued` event (learning
 * adds its points there; later subscribers such as webhooks get the same payload). One already held inserts nothing
 * and emits nothing, so concurrent issues of the same certificate announce it once.
 */
export async function issueCertificates(
  ctx: AppContext,
  member: { userId: number; organizationId: number | null },
  due: readonly DueCertificate[],
  t: number,
): Promise<void> {
  for (const c of due) {
    await ctx.db.transaction().execute(async (trx) => {
      const issued = await insertCertificate(trx, member, c, t);
      if (!issued) return;
      await ctx.events.emit(trx, 'certificate.issued', {
        at: t,
        certificateId: issued.id,
        userId: member.userId,
        organizationId: member.organizationId,
        kind: c.kind,
        categoryId: c.categoryId,
        subCategoryId: c.subCategoryId,
        verificationCode: issued.verification_code,
      });
    });
  }
}
