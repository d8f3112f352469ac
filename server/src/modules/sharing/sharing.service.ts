import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type Locale, SHARING_MESSAGES, type ShareData, type SharedVideoData, type shareRequest } from '@mm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { DAY, now } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { recipientLocale } from '../../lib/i18n.ts';
import { LIMITS, takeAttempt } from '../../lib/throttle.ts';
import type { Caller } from '../auth/index.ts';
import { assertOrganizationCounts } from '../auth/index.ts';
import { organizationHasAccess } from '../billing/index.ts';
import { captionTracksOf, titleIn } from '../captions/index.ts';
import { MASTER_PLAYLIST } from '../catalog/index.ts';
import { assertVideoOpen, pathAccessOf } from '../learning/index.ts';
import { shareVideoMail } from '../mail/index.ts';
import { mediaSigner } from '../media/index.ts';
import { findTeam } from '../organization/index.ts';
import { preparationsOfMedia } from '../renditions/index.ts';
import { assertMayShare } from './sharing.policy.ts';
import { findSenderName, findShare, findShareableVideo, insertShare, organizationRecipients, type Recipient } from './sharing.queries.ts';

type ShareInput = z.output<typeof shareRequest>;

export const SHARE_MAILS_THROTTLED = `You can share with ${LIMITS.shareMailsPerMember.max} outside e-mail addresses a day. Please try again tomorrow.`;

/** The public page's path for a share; the token travels only in this link and the e-mail. */
export const watchPath = (uniqueId: string, token: string) => `/watch/${uniqueId}/${token}`;

/** POST videos/share: one share (one link) sent to every recipient through the outbox. */
export async function shareVideo(ctx: AppContext, caller: Caller, input: ShareInput): Promise<ShareData> {
  const mode = {
    emails: input.emails,
    teamMembers: input.team_members,
    teamId: input.team_id,
    allOrganization: input.send_to_all_organization_users,
    organizationId: input.organization_id,
  };
  assertMayShare(caller, mode);
  if (!(await organizationHasAccess(ctx.db, caller))) throw forbidden(SHARING_MESSAGES.noPlan, 'no_plan');
  const video = await findShareableVideo(ctx.db, input.admin_video_id);
  if (!video) throw notFound('Video not found.');
  // A share link plays without sign-in: a member cannot send one for a video their path keeps closed to them.
  assertVideoOpen(await pathAccessOf(ctx, caller, video.category_id), video, 'Video not found.');

  const recipients = new Map<string, Recipient>();
  const orgId = caller.organizationId as number;
  if (mode.allOrganization) {
    for (const u of await organizationRecipients(ctx.db, orgId, {})) if (u.email) recipients.set(u.email.toLowerCase(), { email: u.email, userId: u.id });
  } else if (mode.teamId !== undefined || mode.teamMembers.length > 0) {
    if (mode.teamId !== undefined && !(await findTeam(ctx.db, orgId, mode.teamId))) throw notFound('Team not found.');
    const wanted = mode.teamMembers.length > 0 ? [...new Set(mode.teamMembers)] : undefined;
    const users = await organizationRecipients(ctx.db, orgId, { teamId: mode.teamId, userIds: wanted });
    if (wanted && users.length !== wanted.length) throw notFound('Team member not found.');
    for (const u of users) if (u.email) recipients.set(u.email.toLowerCase(), { email: u.email, userId: u.id });
  }
  // A typed-in address of a colleague is a colleague: only addresses outside the organization are outsiders.
  const typed = mode.emails.filter((email) => !recipients.has(email));
  if (typed.length > 0)
    for (const u of await organizationRecipients(ctx.db, orgId, { emails: typed }))
      if (u.email) recipients.set(u.email.toLowerCase(), { email: u.email, userId: u.id });
  for (const email of mode.emails) if (!recipients.has(email)) recipients.set(email, { email, userId: null });
  // Nobody shares with themselves: the sender is dropped from "everyone" and team lists.
  for (const [key, r] of recipients) if (r.userId === caller.userId) recipients.delete(key);
  if (recipients.size === 0) throw badRequest(SHARING_MESSAGES.noRecipient);
  // Colleagues are bounded by the organization; typed-in outside addresses are what a flood would use.
  const outsiders = [...recipients.values()].filter((r) => r.userId === null).length;
  if (outsiders > 0) await assertOrganizationCounts(ctx, orgId);
  if (outsiders > 0) await takeAttempt(ctx, LIMITS.shareMailsPerMember, String(caller.userId), SHARE_MAILS_THROTTLED, outsiders);

  const t = now();
  const token = newToken();
  const uniqueId = randomBytes(12).toString('base64url');
  const expiresAt = t + ctx.config.shareLinkDays * DAY;
  const url = `${ctx.config.publicUrl}${watchPath(uniqueId, token)}`;
  const sender = await findSenderName(ctx.db, caller.userId);
  const senderName = [sender?.name, sender?.last_name].filter(Boolean).join(' ') || input.name || 'A colleague';
  const message = input.content?.trim() || null;
  // In the sender's language: the recipients may have no account, and the sender wrote the personal message.
  const locale = recipientLocale(caller.locale);
  const videoTitle = (await titleIn(ctx.db, locale, video.id))?.title ?? video.title;
  const mail = shareVideoMail({ senderName, videoTitle, message, url, validDays: ctx.config.shareLinkDays }, locale);
  await insertShare(
    ctx.db,
    {
      uniqueId,
      videoId: video.id,
      senderUserId: caller.userId,
      organizationId: caller.organizationId,
      tokenHash: hashToken(token),
      message,
      expiresAt,
      createdAt: t,
    },
    [...recipients.values()],
    mail,
    ctx.config.smtpUrl ? 'pending' : 'captured',
  );
  if (ctx.config.smtpUrl) void ctx.mailer.queuePending().catch(() => undefined);
  return { recipients: recipients.size, expires_at: new Date(expiresAt).toISOString() };
}

/** GET videos/share (public): the video behind a valid link, with a signed stream URL. */
export async function openSharedVideo(ctx: AppContext, uniqueId: string, token: string, locale: Locale): Promise<SharedVideoData> {
  const share = await findShare(ctx.db, uniqueId);
  const given = Buffer.from(hashToken(token), 'hex');
  if (!share || !timingSafeEqual(given, Buffer.from(share.token_hash, 'hex'))) throw notFound(SHARING_MESSAGES.linkUnknown);
  if (share.expires_at <= now()) throw new AppError(410, SHARING_MESSAGES.linkExpired);
  const [signer, local] = await Promise.all([mediaSigner(ctx.db), titleIn(ctx.db, locale, share.video_id)]);
  // A video not prepared yet (a first start) says so, and opening the link moves it to the front of the queue.
  const preparing = (await preparationsOfMedia(ctx, [share.content_hash])).get(share.content_hash) ?? null;
  return {
    admin_video_id: share.video_id,
    title: local?.title ?? share.title,
    description: local?.description || share.description,
    ...(local?.machine ? { title_machine: true } : {}),
    default_image: share.image ?? signer.posterUrl(share.content_hash),
    main_video: signer.url(share.content_hash, MASTER_PLAYLIST),
    preparing,
    expires_at: new Date(share.expires_at).toISOString(),
    shared_by: share.sender_first_name ? { first_name: share.sender_first_name, organization: share.sender_organization ?? null } : null,
    // The link plays the video, so its captions come with it (signed the same way, for this video's tracks only).
    captions: await captionTracksOf(ctx.db, share.video_id, true, signer),
  };
}
