// Certificates and micro-certificates: issued as a path is completed, listed, verified by code, printed.
import {
  type CertificationData,
  DEFAULT_LOCALE,
  type Locale,
  type MicroCertificationData,
  type UserCertificationsData,
  type VerificationData,
} from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import type { DbTransaction } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { notFound } from '../../lib/errors.ts';
import { recipientLocale, translator } from '../../lib/i18n.ts';
import { categoriesMissingCheck } from '../assessments/index.ts';
import type { Caller } from '../auth/index.ts';
import { keptLearningPathFor } from '../organization/index.ts';
import { certificateExpiries } from '../qualifications/index.ts';
import { mailLocales } from '../users/index.ts';
import { namesFor } from '../videos/index.ts';
import { issueCertificates } from './certificate-issue.ts';
import { type CertificatePdfInput, certificatePdf } from './certificate-pdf.ts';
import { assertCanReadMember } from './learning.policy.ts';
import {
  categoryNames,
  certificatesOf,
  findCertificate,
  findCertificateByCode,
  findCertificateOwner,
  findMember,
  insertCertificate,
  lastWatchedByUser,
  subCategoryNames,
  watchedVideoIds,
} from './learning.queries.ts';
import { certificatesDue, isoTime as iso } from './learning.rules.ts';
import { pathProgress } from './path-progress.ts';
import { categoryCount, listedCatalog, subCategoryCounts } from './path-videos.ts';

/**
 * Called by the watch-time flow after a report that left the video watched: issues the micro-certificate of its
 * sub-category and the certificate of its category when every visible video is watched and the member does not hold
 * it yet (the category's only when its check, if required for it, is passed). Counted from the member's own rows over the kept catalog and path (two small reads); an issue is
 * idempotent (UNIQUE + insert-do-nothing), so concurrent reports issue each certificate once.
 */
export async function issueDueCertificates(ctx: AppContext, caller: Caller, video: { category_id: number; sub_category_id: number }): Promise<void> {
  const [path, catalog, watched, certs, missing] = await Promise.all([
    keptLearningPathFor(ctx.db, caller.catalogVersion, caller.organizationId ?? 0, caller.teamId),
    listedCatalog(ctx.db, caller.catalogVersion),
    watchedVideoIds(ctx.db, caller.userId),
    certificatesOf(ctx.db, caller.userId),
    caller.organizationId === null ? [] : categoriesMissingCheck(ctx.db, caller.organizationId, caller.userId, [video.category_id]),
  ]);
  const category = categoryCount(subCategoryCounts(catalog, [video.category_id], path.hiddenVideoIds, watched), video.category_id);
  // A category whose certificate waits for its check gets it when the check is passed (category_check.passed).
  const due = certificatesDue(
    { ...category, category_id: video.category_id },
    category.subs.filter((s) => s.sub_category_id === video.sub_category_id),
    certs,
  ).filter((c) => c.kind !== 'category' || missing.length === 0);
  await issueCertificates(ctx, { userId: caller.userId, organizationId: caller.organizationId }, due, now());
}

export async function certificateByCategory(ctx: AppContext, caller: Caller, userId: number, categoryId: number): Promise<CertificationData> {
  assertCanReadMember(caller, await findMember(ctx.db, userId));
  const cert = await findCertificate(ctx.db, userId, 'category', categoryId);
  return { certification: cert ? { category_id: cert.category_id, created_at: iso(cert.issued_at) } : null };
}

export async function microCertificate(ctx: AppContext, caller: Caller, userId: number, subCategoryId: number): Promise<MicroCertificationData> {
  assertCanReadMember(caller, await findMember(ctx.db, userId));
  const cert = await findCertificate(ctx.db, userId, 'sub_category', subCategoryId);
  return {
    micro_certification: cert ? { sub_category_id: subCategoryId, category_id: cert.category_id, created_at: iso(cert.issued_at) } : null,
  };
}

/** A certificate's validity: until the expiry of the required training that covers its category, if any. */
const validity = (expiresAt: number | undefined, t: number) => ({
  valid_until: expiresAt === undefined ? null : iso(expiresAt),
  expired: expiresAt !== undefined && expiresAt <= t,
});

export async function userCertifications(ctx: AppContext, caller: Caller, userId: number): Promise<UserCertificationsData> {
  const member = await findMember(ctx.db, userId);
  assertCanReadMember(caller, member);
  const [{ categories, certs }, names] = await Promise.all([pathProgress(ctx, member, caller), namesFor(ctx.db, caller)]);
  const cats = new Map((await categoryNames(ctx.db, [...new Set(certs.map((c) => c.category_id))])).map((c) => [c.id, c]));
  const subs = new Map(
    (
      await subCategoryNames(
        ctx.db,
        certs.flatMap((c) => (c.sub_category_id ? [c.sub_category_id] : [])),
      )
    ).map((s) => [s.id, s]),
  );
  const expiries = await certificateExpiries(ctx.db, userId, [...cats.keys()]);
  const t = now();
  const item = (c: (typeof certs)[number]) => ({
    id: c.id,
    category_id: c.category_id,
    sub_category_id: c.sub_category_id,
    name:
      c.kind === 'category'
        ? (names.categories.get(c.category_id) ?? cats.get(c.category_id)?.name ?? '')
        : (names.subCategories.get(c.sub_category_id ?? 0) ?? subs.get(c.sub_category_id ?? 0)?.name ?? ''),
    picture: cats.get(c.category_id)?.picture ?? null,
    created_at: iso(c.issued_at),
    verification_code: c.verification_code,
    ...validity(expiries.get(c.category_id), t),
  });
  const earned = new Set(certs.filter((c) => c.kind === 'category').map((c) => c.category_id));
  return {
    certifications: certs.filter((c) => c.kind === 'category').map(item),
    micro_certifications: certs.filter((c) => c.kind === 'sub_category').map(item),
    available: categories.filter((c) => !earned.has(c.category_id)).map((c) => ({ category_id: c.category_id, name: c.name, picture: c.picture })),
    last_video_id: (await lastWatchedByUser(ctx.db, userId))?.id ?? null,
  };
}

export async function verifyCertificate(ctx: AppContext, code: string): Promise<VerificationData> {
  // Codes are 8 to 40 letters and digits; anything else cannot name a certificate, so it is not looked up.
  const row = /^[A-Za-z0-9]{8,40}$/.test(code) ? await findCertificateByCode(ctx.db, code.toUpperCase()) : undefined;
  if (!row) throw notFound('No such certificate.');
  const { valid_until, expired } = validity((await certificateExpiries(ctx.db, row.user_id, [row.category_id])).get(row.category_id), now());
  return {
    valid: !expired,
    valid_until,
    member: `${row.name} ${row.last_name}`.trim(),
    kind: row.kind,
    category: row.category_name,
    sub_category: row.sub_category_name ?? null,
    organization: row.organization_name ?? null,
    issued_at: iso(row.issued_at),
    verification_code: row.verification_code,
  };
}

/**
 * A certificate's day (UTC) in its language: dd/mm/yyyy in English, as it always was; in words in another language
 * ("27 de noviembre de 2026"), which a framed page reads best and nobody can take month first.
 */
export function certificateDay(ms: number, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC' }).format(ms);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
}

/** The certificate as a PDF, for its owner or a super user of their organization. */
export async function certificatePdfFile(ctx: AppContext, caller: Caller, certificateId: number): Promise<{ pdf: Buffer; filename: string }> {
  const cert = await findCertificateOwner(ctx.db, certificateId);
  if (!cert) throw notFound('Certificate not found.');
  assertCanReadMember(caller, await findMember(ctx.db, cert.user_id));
  const row = await findCertificateByCode(ctx.db, cert.verification_code);
  if (!row) throw notFound('Certificate not found.');
  const expiry = (await certificateExpiries(ctx.db, row.user_id, [row.category_id])).get(row.category_id);
  // In the member's language, whoever downloads it (a super user takes a member's certificate as the member reads it).
  const language = (await mailLocales(ctx.db, [row.user_id])).get(row.user_id);
  const locale = recipientLocale(language?.own, language?.organization);
  // The category's (sub-category's) name in that language where the catalog has one shown, else the English name;
  // the verification code and address, and what the verification page answers, stay as they are.
  const names = await namesFor(ctx.db, { language: locale, catalogVersion: caller.catalogVersion });
  const categoryName = names.categories.get(row.category_id) ?? row.category_name;
  const subCategoryName = row.sub_category_id === null ? null : (names.subCategories.get(row.sub_category_id) ?? row.sub_category_name);
  const input: CertificatePdfInput = {
    member: `${row.name} ${row.last_name}`.trim(),
    title: row.kind === 'category' ? categoryName : `${categoryName} - ${subCategoryName ?? ''}`,
    subtitle: translator(locale, 'certificate')(row.kind === 'category' ? 'category' : 'subCategory'),
    organization: row.organization_name ?? '',
    date: certificateDay(Number(row.issued_at), locale),
    validUntil: expiry === undefined ? null : certificateDay(expiry, locale),
    code: row.verification_code,
    verifyUrl: `${ctx.config.publicUrl}/verify/${row.verification_code}`,
    locale,
  };
  return { pdf: certificatePdf(input), filename: `certificate-${row.verification_code}.pdf` };
}

/**
 * On a pass of a category's check (category_check.passed): issues the category's certificate in the pass's
 * transaction when every video of the category visible to the member is watched and they do not hold it yet, with
 * its `certificate.issued`. Read fresh (no kept path or catalog): this runs inside another module's transaction.
 */
export async function issueCertificateOnCheckPass(
  events: DomainEvents,
  trx: DbTransaction,
  e: { at: number; userId: number; organizationId: number; categoryId: number },
): Promise<void> {
  const member = await findMember(trx, e.userId);
  if (!member || member.organization_id !== e.organizationId) return;
  const [path, catalog, watched, certs] = await Promise.all([
    keptLearningPathFor(trx, undefined, e.organizationId, member.team_id),
    listedCatalog(trx, undefined),
    watchedVideoIds(trx, e.userId),
    certificatesOf(trx, e.userId),
  ]);
  const category = categoryCount(subCategoryCounts(catalog, [e.categoryId], path.hiddenVideoIds, watched), e.categoryId);
  const due = certificatesDue({ ...category, category_id: e.categoryId }, [], certs);
  for (const c of due) {
    const issued = await insertCertificate(trx, { userId: e.userId, organizationId: e.organizationId }, c, e.at);
    if (!issued) continue;
    await events.emit(trx, 'certificate.issued', {
      at: e.at,
      certificateId: issued.id,
      userId: e.userId,
      organizationId: e.organizationId,
      kind: c.kind,
      categoryId: c.categoryId,
      subCategoryId: c.subCategoryId,
      verificationCode: issued.verification_code,
    });
  }
}
