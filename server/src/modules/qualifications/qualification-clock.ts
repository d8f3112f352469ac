import type { Locale } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { DAY, dayIn, formatDay, hourIn, now } from '../../lib/clock.ts';
import { recipientLocale, translator } from '../../lib/i18n.ts';
import { fullName } from '../../lib/person-name.ts';
import { trainingDigestMail } from '../mail/index.ts';
import { requiredVideosOf, stationsByIds, superUsersOf } from '../stations/index.ts';
import { dueAfter, moveQualification, refreshQualifications, startNewCycle } from './qualification-state.ts';
import { claimDigest, dueAssignments, heldReachedByClock } from './qualifications.queries.ts';
import { clockState } from './qualifications.rules.ts';

/** A member hears about training due within this many days. */
export const DIGEST_HORIZON_DAYS = 7;
/** Digests leave from this local hour on, never in the middle of someone's night. */
export const DIGEST_LOCAL_HOUR = 7;

/**
 * The qualifications' clock, an hourly job of the queue (one instance runs each hour): held qualifications enter their
 * warning period (the content is reassigned: the person watches it again, due by the expiry date) or expire, each
 * transition carried out once even if two runs meet (conditional updates); then the day's digests, one per recipient
 * and local day (claimed in the database). The weekly evidence head is a job of its own (evidence/evidence-head.ts).
 */
export async function runQualificationClock(ctx: AppContext): Promise<void> {
  const t = now();
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const reached = await heldReachedByClock(trx, t);
    const stationIds = [...new Set(reached.map((r) => r.station_id))];
    const stations = new Map((await stationsByIds(trx, stationIds)).map((s) => [s.id, s]));
    const videosOf = new Map<number, number[]>();
    for (const v of await requiredVideosOf(trx, stationIds)) videosOf.set(v.station_id, [...(videosOf.get(v.station_id) ?? []), v.video_id]);
    for (const row of reached) {
      const station = stations.get(row.station_id);
      const to = clockState(row.state, row.expires_at, row.warning_days, t);
      if (!station || to === row.state) continue;
      if (row.state === 'qualified') {
        // Recertification starts here: the content again, by the expiry date (or soon, when already past it).
        const dueAt = to === 'expiring' ? row.expires_at : dueAfter(station, t);
        await startNewCycle(ctx.events, trx, row, station, { to, videoIds: videosOf.get(row.station_id) ?? [], dueAt }, t);
      } else {
        await moveQualification(ctx.events, trx, row, station, to, t);
      }
    }
    // The closed records (and the knowledge checks passed on them) leave the kept figures, so the matrix says what is missing.
    await refreshQualifications(ctx.events, trx, { stationIds, userIds: [...new Set(reached.map((r) => r.user_id))] }, t);
    return reached.length;
  });
  const digests = await sendDigests(ctx, t);
  ctx.log.info({ event: 'qualification_clock', qualificationsReached: moved, digests }, 'qualification clock ran');
}

/** A training due, written out in the reader's language when their digest is composed. */
type DueLine = { person?: string; station: string; dueAt: number };
type Recipient = {
  userId: number;
  name: string;
  email: string | null;
  timezone: string | null;
  locale: Locale;
  own: DueLine[];
  overduePeople: DueLine[];
};

function dueLine(line: DueLine, t: number, tr: ReturnType<typeof translator>): string {
  const date = formatDay(line.dueAt);
  const days = Math.ceil((line.dueAt - t) / DAY);
  const when =
    line.dueAt < t ? tr('digest.overdueSince', { date }) : days <= 1 ? tr('digest.dueTomorrow', { date }) : tr('digest.dueInDays', { date, count: days });
  return `${line.person ? `${line.person}, ` : ''}${line.station}: ${when}`;
}

/** Sends the day's digests due at this hour, each in its reader's language; answers how many this instance sent. */
async function sendDigests(ctx: AppContext, t: number): Promise<number> {
  const due = await dueAssignments(ctx.db, t + DIGEST_HORIZON_DAYS * DAY);
  const recipients = new Map<number, Recipient>();
  const recipient = (p: Omit<Recipient, 'own' | 'overduePeople'>) => {
    const known = recipients.get(p.userId);
    if (known) return known;
    const r: Recipient = { ...p, own: [], overduePeople: [] };
    recipients.set(p.userId, r);
    return r;
  };
  for (const d of due) {
    const locale = recipientLocale(d.locale, d.organization_locale);
    recipient({ userId: d.user_id, name: d.name, email: d.email, timezone: d.timezone, locale }).own.push({ station: d.station_name, dueAt: Number(d.due_at) });
  }
  const overdue = due.filter((d) => Number(d.due_at) < t);
  for (const boss of await superUsersOf(ctx.db, [...new Set(overdue.map((d) => d.organization_id))])) {
    const people = overdue.filter((d) => d.organization_id === boss.organization_id);
    const locale = recipientLocale(boss.locale, boss.organization_locale);
    recipient({ userId: boss.id, name: boss.name, email: boss.email, timezone: boss.timezone, locale }).overduePeople.push(
      ...people.map((d) => ({ person: fullName(d), station: d.station_name, dueAt: Number(d.due_at) })),
    );
  }
  let sent = 0;
  for (const r of recipients.values()) {
    // Members known by their employee number only see their due trainings in the app, not by e-mail.
    if (r.email === null) continue;
    if (hourIn(t, r.timezone) < DIGEST_LOCAL_HOUR) continue;
    if (!(await claimDigest(ctx.db, r.userId, dayIn(t, r.timezone), t))) continue;
    const tr = translator(r.locale, 'mail');
    const lines = (list: DueLine[]) => list.map((line) => dueLine(line, t, tr));
    const digest = { name: r.name, own: lines(r.own), overduePeople: lines(r.overduePeople), url: `${ctx.config.publicUrl}/qualifications` };
    await ctx.mailer.send(r.email, 'training-digest', trainingDigestMail(digest, r.locale));
    sent++;
  }
  return sent;
}
