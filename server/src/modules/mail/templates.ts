import { DEFAULT_LOCALE, type Locale } from '@mm/contract';
import { escapeHtml } from '../../lib/html.ts';
import { translator } from '../../lib/i18n.ts';

/** Every e-mail the platform sends: one HTML and one plain-text body, with the brand and a transactional footer. */
export type Mail = { subject: string; text: string; html: string };

const BRAND = 'Manufacturing Masters';

type Block = { paragraphs: string[]; action?: { label: string; url: string }; after?: string[] };

/** The footer lines are the recipient's language (`mail.json`); the brand name is never translated. */
function compose(subject: string, block: Block, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  const footer = t('footer', { brand: BRAND });
  const text = [
    ...block.paragraphs,
    ...(block.action ? [`${block.action.label}: ${block.action.url}`] : []),
    ...(block.after ?? []),
    '--',
    t('tagline', { brand: BRAND }),
    footer,
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
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

export function passwordResetMail(name: string, url: string, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  return compose(
    t('passwordReset.subject', { brand: BRAND }),
    {
      paragraphs: [t('hello', { name }), t('passwordReset.body')],
      action: { label: t('passwordReset.action'), url },
      after: [t('passwordReset.after')],
    },
    locale,
  );
}

export function confirmEmailMail(name: string, organization: string, url: string, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  return compose(
    t('confirmEmail.subject', { brand: BRAND }),
    {
      paragraphs: [t('hello', { name }), t('confirmEmail.body', { organization })],
      action: { label: t('confirmEmail.action'), url },
      after: [t('confirmEmail.after1'), t('confirmEmail.after2')],
    },
    locale,
  );
}

export function invitationMail(inviter: string, organization: string, url: string, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  return compose(
    t('invitation.subject', { organization, brand: BRAND }),
    {
      paragraphs: [t('invitation.body', { inviter, organization, brand: BRAND }), t('invitation.body2')],
      action: { label: t('invitation.action'), url },
    },
    locale,
  );
}

type ExpertContact = {
  expertName: string;
  memberName: string;
  memberEmail: string;
  organization: string | null;
  videoTitle: string | null;
  message: string;
};

/**
 * A member's question to an expert; the outbox has no Reply-To, so the member's address is the action. In `locale`:
 * the expert's (the catalog file's `language` of the expert, English when it gives none).
 */
export function expertContactMail(c: ExpertContact, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  const v = { member: c.memberName, organization: c.organization ?? '', title: c.videoTitle ?? '', brand: BRAND };
  const wrote = c.organization
    ? c.videoTitle
      ? 'expertContact.wroteOfAbout'
      : 'expertContact.wroteOf'
    : c.videoTitle
      ? 'expertContact.wroteAbout'
      : 'expertContact.wrote';
  return compose(
    t('expertContact.subject', v),
    {
      paragraphs: [t('hello', { name: c.expertName }), t(wrote, v), c.message, t('answerTo', { email: c.memberEmail })],
      action: { label: t('replyTo', { name: c.memberName }), url: `mailto:${c.memberEmail}` },
    },
    locale,
  );
}

type ShareVideo = { senderName: string; videoTitle: string; message: string | null; url: string; validDays: number };

/** A shared video: the sender's personal message (escaped like every paragraph) and the public link, in the sender's language. */
export function shareVideoMail(s: ShareVideo, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  const v = { sender: s.senderName, title: s.videoTitle, brand: BRAND };
  return compose(
    t('share.subject', v),
    {
      paragraphs: [
        t('share.hello'),
        t('share.body', v),
        ...(s.message ? [t('share.wrote', { ...v, message: s.message })] : []),
        t('share.link', { count: s.validDays, days: s.validDays.toLocaleString(locale === 'en' ? 'en-US' : locale) }),
      ],
      action: { label: t('share.action'), url: s.url },
    },
    locale,
  );
}

/** Team dashboard: a supervisor reminds a member to continue a category (alert or broadcast), in the member's language. */
export function progressAlertMail(
  memberName: string,
  supervisorName: string,
  categoryName: string,
  percentage: number,
  url: string,
  locale: Locale = DEFAULT_LOCALE,
): Mail {
  const t = translator(locale, 'mail');
  const v = { supervisor: supervisorName, category: categoryName, percentage };
  return compose(
    t('progressAlert.subject', v),
    { paragraphs: [t('hello', { name: memberName }), t('progressAlert.body', v)], action: { label: t('progressAlert.action', v), url } },
    locale,
  );
}

export type TrainingDigest = {
  name: string;
  /** The recipient's own station training due soon or overdue, one line each ("Press 4: overdue since 20/11/2026"). */
  own: string[];
  /** For super users: their people overdue, one line each ("Bruno Costa, Press 4: overdue since 20/11/2026"). */
  overduePeople: string[];
  url: string;
};

export function trainingDigestMail(d: TrainingDigest, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  return compose(
    d.own.length ? t('digest.subjectOwn') : t('digest.subjectPeople'),
    {
      paragraphs: [
        t('hello', { name: d.name }),
        ...(d.own.length ? [t('digest.own'), ...d.own.map((line) => `- ${line}`)] : []),
        ...(d.overduePeople.length ? [t('digest.people', { count: d.overduePeople.length }), ...d.overduePeople.map((line) => `- ${line}`)] : []),
      ],
      action: { label: t('digest.action'), url: d.url },
      after: [t('digest.after')],
    },
    locale,
  );
}

export function signoffRequestMail(signerName: string, personName: string, stationName: string, url: string, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  const v = { person: personName, station: stationName };
  return compose(
    t('signoff.subject', v),
    { paragraphs: [t('hello', { name: signerName }), t('signoff.body', v)], action: { label: t('signoff.action', v), url } },
    locale,
  );
}

export type EvidenceHead = { organization: string; sequence: number; hash: string; at: string; signature: string; url: string };

/** The weekly copy of an organization's evidence chain head, to keep outside the platform and check against later. */
export function evidenceHeadMail(d: EvidenceHead, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  return compose(
    t('evidenceHead.subject', { organization: d.organization, day: d.at.slice(0, 10) }),
    {
      paragraphs: [
        t('evidenceHead.body', { organization: d.organization }),
        t('evidenceHead.record', { sequence: d.sequence }),
        t('evidenceHead.hash', { hash: d.hash }),
        t('evidenceHead.time', { at: d.at }),
        t('evidenceHead.signature', { signature: d.signature }),
      ],
      action: { label: t('evidenceHead.action'), url: d.url },
      after: [t('evidenceHead.after')],
    },
    locale,
  );
}

type SalesInquiry = { name: string; company: string; email: string; people: number; message: string; signedInAs: string | null };

/**
 * The enterprise "talk to us" form of /plans, to the sales address; the visitor's address is the way to answer. In
 * `locale`: the sales desk's (an address of the platform's, not a person with a language setting: English).
 */
export function salesInquiryMail(q: SalesInquiry, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = translator(locale, 'mail');
  const v = { name: q.name, company: q.company, people: q.people, account: q.signedInAs ?? '' };
  return compose(
    t('sales.subject', v),
    {
      paragraphs: [t(q.signedInAs ? 'sales.asksSignedIn' : 'sales.asks', v), q.message, t('answerTo', { email: q.email })],
      action: { label: t('replyTo', { name: q.name }), url: `mailto:${q.email}` },
    },
    locale,
  );
}
