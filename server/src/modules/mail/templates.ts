import { countOf } from '@mm/contract';
import { escapeHtml } from '../../lib/html.ts';

/** Every e-mail the platform sends: one HTML and one plain-text body, with the brand and a transactional footer. */
export type Mail = { subject: string; text: string; html: string };

const BRAND = 'Manufacturing Masters';

type Block = { paragraphs: string[]; action?: { label: string; url: string }; after?: string[] };

function compose(subject: string, block: Block): Mail {
  const footer = `You receive this message because of your ${BRAND} account. It is a service message about your account, not a newsletter.`;
  const text = [
    ...block.paragraphs,
    ...(block.action ? [`${block.action.label}: ${block.action.url}`] : []),
    ...(block.after ?? []),
    '--',
    `${BRAND}: tactical best-practice videos from manufacturing experts.`,
    footer,
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:20px;color:#0b3d91;margin:0 0 24px">${BRAND}</h1>
${block.paragraphs.map(p).join('\n')}
${block.action ? `<p style="margin:24px 0"><a href="${escapeHtml(block.action.url)}" style="background:#0b3d91;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(block.action.label)}</a></p><p style="font-size:12px;color:#52606d">${escapeHtml(block.action.url)}</p>` : ''}
${(block.after ?? []).map(p).join('\n')}
<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0"><p style="font-size:12px;color:#7b8794">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}

export const passwordResetMail = (name: string, url: string) =>
  compose(`Reset your ${BRAND} password`, {
    paragraphs: [`Hello ${name},`, 'We received a request to reset the password of your account. The link below works once and for 30 minutes.'],
    action: { label: 'Choose a new password', url },
    after: ['If you did not ask for this, ignore this message: your password stays as it is.'],
  });

export const confirmEmailMail = (name: string, organization: string, url: string) =>
  compose(`Confirm your e-mail address for ${BRAND}`, {
    paragraphs: [`Hello ${name},`, `Please confirm that this is your address to finish registering ${organization}. The link works for 7 days.`],
    action: { label: 'Confirm my e-mail address', url },
    after: [
      'Until then you can start your trial and watch, but not invite members or share videos by e-mail.',
      'If you did not register, ignore this message.',
    ],
  });

export const invitationMail = (inviter: string, organization: string, url: string) =>
  compose(`You are invited to ${organization} on ${BRAND}`, {
    paragraphs: [
      `${inviter} invited you to join ${organization} on ${BRAND}, the video-training library for manufacturing teams.`,
      'Set your password to activate your account.',
    ],
    action: { label: 'Set my password', url },
  });

type ExpertContact = {
  expertName: string;
  memberName: string;
  memberEmail: string;
  organization: string | null;
  videoTitle: string | null;
  message: string;
};

/** A member's question to an expert; the outbox has no Reply-To, so the member's address is the action. */
export const expertContactMail = (c: ExpertContact) =>
  compose(`${c.memberName} has a question for you on ${BRAND}`, {
    paragraphs: [
      `Hello ${c.expertName},`,
      `${c.memberName}${c.organization ? ` of ${c.organization}` : ''} wrote to you${c.videoTitle ? ` about your video "${c.videoTitle}"` : ''}:`,
      c.message,
      `Answer by writing to ${c.memberEmail}.`,
    ],
    action: { label: `Reply to ${c.memberName}`, url: `mailto:${c.memberEmail}` },
  });

type ShareVideo = { senderName: string; videoTitle: string; message: string | null; url: string; validDays: number };

/** A shared video: the sender's personal message (escaped like every paragraph) and the public link. */
export const shareVideoMail = (s: ShareVideo) =>
  compose(`${s.senderName} shared "${s.videoTitle}" with you on ${BRAND}`, {
    paragraphs: [
      'Hello,',
      `${s.senderName} thinks you will find the ${BRAND} video "${s.videoTitle}" useful.`,
      ...(s.message ? [`${s.senderName} wrote: ${s.message}`] : []),
      `Watch it with the link below, no account needed. The link works for ${countOf(s.validDays, 'day')}.`,
    ],
    action: { label: 'Watch the video', url: s.url },
  });

/** Team dashboard: a supervisor reminds a member to continue a category (alert or broadcast). */
export const progressAlertMail = (memberName: string, supervisorName: string, categoryName: string, percentage: number, url: string) =>
  compose(`${supervisorName} reminds you to continue ${categoryName}`, {
    paragraphs: [`Hello ${memberName},`, `${supervisorName} asks you to keep going with "${categoryName}": you have watched ${percentage}% of it so far.`],
    action: { label: `Continue ${categoryName}`, url },
  });

export type TrainingDigest = {
  name: string;
  /** The recipient's own station training due soon or overdue, one line each ("Press 4: overdue since 20/11/2026"). */
  own: string[];
  /** For super users: their people overdue, one line each ("Bruno Costa, Press 4: overdue since 20/11/2026"). */
  overduePeople: string[];
  url: string;
};

export const trainingDigestMail = (d: TrainingDigest) =>
  compose(d.own.length ? 'Your station training due' : 'People overdue on station training', {
    paragraphs: [
      `Hello ${d.name},`,
      ...(d.own.length ? ['Station training to complete:', ...d.own.map((line) => `- ${line}`)] : []),
      ...(d.overduePeople.length ? [`People overdue on station training (${d.overduePeople.length}):`, ...d.overduePeople.map((line) => `- ${line}`)] : []),
    ],
    action: { label: 'Open qualifications', url: d.url },
    after: ['You receive this summary at most once a day while something is due.'],
  });

export const signoffRequestMail = (signerName: string, personName: string, stationName: string, url: string) =>
  compose(`${personName} asks for sign-off at ${stationName}`, {
    paragraphs: [
      `Hello ${signerName},`,
      `${personName} has watched every required video for ${stationName} and asks you to watch them run the station and sign them off.`,
    ],
    action: { label: `Open ${personName}'s qualifications`, url },
  });

export type EvidenceHead = { organization: string; sequence: number; hash: string; at: string; signature: string; url: string };

/** The weekly copy of an organization's evidence chain head, to keep outside the platform and check against later. */
export const evidenceHeadMail = (d: EvidenceHead) =>
  compose(`Evidence chain head for ${d.organization}, ${d.at.slice(0, 10)}`, {
    paragraphs: [
      `The qualification evidence of ${d.organization} ends, as of this week, at this head. Keep this e-mail: checking the chain against it later proves that nothing recorded before it has changed since.`,
      `Record: #${d.sequence}`,
      `Head hash: ${d.hash}`,
      `Head time: ${d.at}`,
      `Signature (HMAC-SHA256 by the platform): ${d.signature}`,
    ],
    action: { label: 'Verify the evidence against this head', url: d.url },
    after: ['You receive this once a week while your organization keeps qualification evidence.'],
  });

type SalesInquiry = { name: string; company: string; email: string; people: number; message: string; signedInAs: string | null };

/** The enterprise "talk to us" form of /plans, to the sales address; the visitor's address is the way to answer. */
export const salesInquiryMail = (q: SalesInquiry) =>
  compose(`Enterprise inquiry: ${q.company} (${q.people} people)`, {
    paragraphs: [
      `${q.name} of ${q.company} asks about a plan for ${q.people} people${q.signedInAs ? ` (sent while signed in as ${q.signedInAs})` : ''}:`,
      q.message,
      `Answer by writing to ${q.email}.`,
    ],
    action: { label: `Reply to ${q.name}`, url: `mailto:${q.email}` },
  });
