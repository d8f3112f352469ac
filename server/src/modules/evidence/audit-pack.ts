import {
  type AuditVerificationData,
  type auditPackQuery,
  type auditVerificationQuery,
  csvLine,
  DEFAULT_LOCALE,
  type Locale,
  type QualificationState,
} from '@mm/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { formatDay, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { evidenceKey } from '../../lib/evidence-key.ts';
import { translator } from '../../lib/i18n.ts';
import { A4_PORTRAIT, buildPdf, fitText, textAt, wrapText } from '../../lib/pdf.ts';
import { fullName } from '../../lib/person-name.ts';
import type { Caller } from '../auth/index.ts';
import {
  assertCanManageQualifications,
  listStations,
  namesOf,
  PERSON_NOT_FOUND,
  requiredVideosOf,
  STATION_NOT_FOUND,
  type StationRow,
} from '../stations/index.ts';
import { organizationName } from '../tenancy/index.ts';
import { chainHead, evidenceRecords, practicalClaims, type StoredEvidence, signoffClaims, standingClaims } from './evidence.queries.ts';
import { type ChainCheck, verifyChain } from './evidence-chain.ts';
import { chainWitness, signoffOf } from './evidence-consistency.rules.ts';
import { sayEvidence } from './evidence-text.ts';

/**
 * The audit pack: for the organization, one station or one person, the requirements, the current standing, the
 * sign-offs and every evidence record with its hash, as a PDF to hand to the auditor and a CSV to check, plus the
 * verification of the whole chain (a record edited in the database no longer matches its hash).
 */

const VERIFY_PAGE = 1000;

/** A person's kept state at a station, the clock applied: what the pack prints as the current standing. */
export type CurrentStanding = {
  user_id: number;
  station_id: number;
  state: QualificationState;
  qualified_at: number | null;
  expires_at: number | null;
};

/**
 * Reads the current standing of the stations' people, the clock applied at `t`. The rows and their clock are the
 * qualifications module's, which sits above this one (it appends to the chain), so app.ts hands the reader in.
 */
export type StandingReader = (db: Db, stations: StationRow[], t: number) => Promise<CurrentStanding[]>;

/**
 * The chain record by record, then every sign-off and qualification row against what the chain witnessed. When a
 * record itself is broken the rows are not compared: the chain after it vouches for nothing.
 */
export async function checkChain(db: Db, organizationId: number, kept?: KeptHead): Promise<ChainCheck> {
  const witness = chainWitness();
  const check = await verifyChain(
    (after) => evidenceRecords(db, organizationId, {}, { after, limit: VERIFY_PAGE }).then((rows) => rows.map(hashedFields)),
    await chainHead(db, organizationId),
    { key: evidenceKey(), kept, seen: (r) => witness.add(r) },
  );
  if (check.breaks.some((b) => b.kind === 'record' || b.kind === 'head')) return check;
  const [signoffs, standing, practicals] = await Promise.all([
    signoffClaims(db, organizationId),
    standingClaims(db, organizationId),
    practicalClaims(db, organizationId),
  ]);
  const disagreements = [
    ...witness.compareSignoffs(signoffs.map((s) => ({ ...s, person: fullName(s), signed_at: Number(s.signed_at) }))),
    ...witness.comparePracticals(
      practicals.map((p) => ({ ...p, person: fullName(p), recorded_at: Number(p.recorded_at), passed: p.passed === 1, steps: JSON.parse(p.steps) as unknown })),
    ),
    ...witness.compareStanding(
      standing.map((q) => ({
        ...q,
        person: fullName(q),
        qualified_at: q.qualified_at === null ? null : Number(q.qualified_at),
        expires_at: q.expires_at === null ? null : Number(q.expires_at),
      })),
    ),
  ];
  if (!disagreements.length) return check;
  const sequences = disagreements.flatMap((d) => (d.sequence === null ? [] : [d.sequence]));
  return {
    ...check,
    intact: false,
    firstBrokenSequence: sequences.length ? Math.min(...sequences) : null,
    breaks: [
      ...check.breaks,
      ...disagreements.map((d) => ({ kind: d.kind, sequence: d.sequence, message: sayEvidence(d.say), say: d.say, userId: d.userId, stationId: d.stationId })),
    ],
  };
}

export const KEPT_HEAD_INCOMPLETE = 'Give both the head (its 64-character hash) and its time, as the audit pack or the weekly e-mail prints them.';

type KeptHead = { hash: string; at: number };

/** A head an organization kept (printed in an audit pack, e-mailed weekly): both its hash and its time, or neither. */
export function keptHeadOf(hash: unknown, at: unknown): KeptHead | undefined {
  if (hash === undefined && at === undefined) return undefined;
  const t = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash.trim().toLowerCase()) || Number.isNaN(t)) throw badRequest(KEPT_HEAD_INCOMPLETE);
  return { hash: hash.trim().toLowerCase(), at: t };
}

const hashedFields = (r: StoredEvidence) => ({ ...r, at: Number(r.at) });

export async function verifyEvidence(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  query: z.output<typeof auditVerificationQuery>,
  locale: Locale,
): Promise<AuditVerificationData> {
  assertCanManageQualifications(caller, organizationId);
  const check = await checkChain(ctx.db, organizationId, keptHeadOf(query.head, query.head_at));
  return {
    intact: check.intact,
    records: check.records,
    first_broken_sequence: check.firstBrokenSequence,
    last_hash: check.lastHash,
    head: check.head && { sequence: check.head.sequence, hash: check.head.hash, at: iso(check.head.at) },
    breaks: check.breaks.map((b) => ({ kind: b.kind, sequence: b.sequence, message: sayEvidence(b.say, locale) })),
  };
}

type Scope = { stationId?: number | undefined; userId?: number | undefined };

async function gather(db: Db, organizationId: number, scope: Scope, standingOf: StandingReader, t: number) {
  const stations = (await listStations(db, organizationId)).filter((s) => scope.stationId === undefined || s.id === scope.stationId);
  if (scope.stationId !== undefined && !stations.length) throw notFound(STATION_NOT_FOUND);
  const stationIds = stations.map((s) => s.id);
  const [videos, rows] = await Promise.all([requiredVideosOf(db, stationIds), standingOf(db, stations, t)]);
  const standing = rows.filter((r) => scope.userId === undefined || r.user_id === scope.userId);
  const records = await evidenceRecords(db, organizationId, {
    userId: scope.userId,
    stationId: scope.stationId,
    videoIds: scope.stationId === undefined ? undefined : videos.map((v) => v.video_id),
  });
  const names = await namesOf(db, organizationId, [
    ...new Set([...standing.map((r) => r.user_id), ...records.flatMap((r) => (r.user_id === null ? [] : [r.user_id]))]),
  ]);
  if (scope.userId !== undefined && !names.has(scope.userId)) throw notFound(PERSON_NOT_FOUND);
  // The sign-offs the pack prints are the chain's own records, never the working table (compared in checkChain).
  const signoffs = records.filter((r) => r.kind === 'signed_off').map((r) => signoffOf(hashedFields(r)));
  return { stations, videos, standing, signoffs, records, names };
}

type Pack = Awaited<ReturnType<typeof gather>>;

const detailOf = (r: StoredEvidence) => JSON.parse(r.detail) as Record<string, unknown>;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** One line of what a record says, for people (the CSV also carries the stored detail as it was hashed). */
function describe(r: StoredEvidence, names: Map<number, string>, t: TFunction): string {
  const d = detailOf(r);
  const who = r.user_id === null ? '' : (names.get(r.user_id) ?? t('record.person', { id: r.user_id }));
  const station = typeof d.station === 'string' ? d.station : '';
  const video = String(d.video ?? t('record.video', { id: r.video_id }));
  switch (r.kind) {
    case 'video_completed':
      return t('record.video_completed', { who, video, revision: r.revision });
    case 'signed_off':
      return t('record.signed_off', { who, station, signer: String(d.signed_by ?? '') });
    case 'assigned':
    case 'unassigned':
      return t(`record.${r.kind}`, { who, station });
    case 'requirements_changed':
      return t('record.requirements_changed', { station });
    case 'chain_keyed':
      return t('record.chain_keyed', { sealed: String(d.sealed_sequence ?? '') });
    case 'toolbox_talk':
      return t('record.toolbox_talk', {
        who,
        video,
        revision: r.revision,
        leader: String(d.led_by ?? ''),
        // Talks recorded before the clip's play was reported name no played seconds.
        played: typeof d.played_seconds === 'number' ? t('record.played', { played: d.played_seconds, clip: String(d.clip_seconds) }) : '',
        credit: t(d.credited ? 'record.credited' : 'record.notCredited'),
        answer: String(d.answer ?? ''),
      });
    case 'assessment_attempt':
      return t(d.passed ? 'record.passed' : 'record.failed', {
        who,
        // A category's check (end of topic) names the category, a lesson's check its lesson.
        subject: typeof d.category === 'string' ? t('record.endOfCategory', { category: d.category }) : t('record.onVideo', { video }),
        attempt: String(d.attempt_number ?? ''),
        score: String(d.score_percent ?? ''),
        pass: String(d.pass_percent ?? ''),
        timedOut: d.timed_out ? t('record.timedOut') : '',
      });
    case 'practical_check': {
      // Each step as observed, so the printed pack shows what the trainer saw without the database (issue 38).
      const steps = Array.isArray(d.steps) ? (d.steps as { item?: string; passed?: boolean; note?: string; photo_url?: string | null }[]) : [];
      return t(d.passed ? 'record.practicalPassed' : 'record.practicalFailed', {
        who,
        station,
        trainer: String(d.trainer ?? ''),
        steps: steps
          .map((s) =>
            t(s.passed ? 'record.stepPassed' : 'record.stepFailed', {
              item: String(s.item ?? ''),
              note: s.note ? ` (${s.note})` : '',
              photo: s.photo_url ? t('record.stepPhoto') : '',
            }),
          )
          .join('; '),
      });
    }
    default:
      return t('record.state', { who, station, state: t(`state.${r.kind}`, { defaultValue: r.kind }) });
  }
}

/** The CSV is a file for spreadsheets and scripts: its columns and words stay English in every language. */
function packCsv(pack: Pack, check: ChainCheck): string {
  const t = translator(DEFAULT_LOCALE, 'audit');
  let out = csvLine(['Sequence', 'Time (UTC)', 'Event', 'Person', 'Station', 'Video', 'Revision', 'Description', 'Detail (hashed)', 'Previous hash', 'Hash']);
  for (const r of pack.records) {
    const d = detailOf(r);
    out += csvLine([
      r.sequence,
      iso(r.at),
      r.kind,
      r.user_id === null ? null : (pack.names.get(r.user_id) ?? String(r.user_id)),
      typeof d.station === 'string' ? d.station : null,
      typeof d.video === 'string' ? d.video : null,
      r.revision,
      describe(r, pack.names, t),
      r.detail,
      r.previous_hash,
      r.hash,
    ]);
  }
  // The verification travels with the records: a spreadsheet reader sees the breaks as rows of their own.
  if (check.intact) out += csvLine([null, null, 'verified', null, null, null, null, verdictText(check, t), null, null, check.lastHash]);
  for (const b of check.breaks) out += csvLine([b.sequence, null, 'BROKEN', null, null, null, null, b.message, null, null, null]);
  return out;
}

const MARGIN = 40;

/** A paginated column of text lines (A4 portrait). */
function flow() {
  const width = A4_PORTRAIT.width - 2 * MARGIN;
  const pages: string[] = [];
  let content = '';
  let y = A4_PORTRAIT.height - MARGIN;
  const room = (needed: number) => {
    if (y - needed >= MARGIN + 20) return;
    pages.push(content);
    content = '';
    y = A4_PORTRAIT.height - MARGIN;
  };
  return {
    line(text: string, size = 9, font: 'F1' | 'F2' = 'F1', gray = 0.15, indent = 0) {
      room(size + 4);
      content += textAt(fitText(text, size, width - indent), MARGIN + indent, y, size, font, gray);
      y -= size + 4;
    },
    wrapped(text: string, size = 9, indent = 0) {
      for (const l of wrapText(text, size, width - indent, 12)) this.line(l, size, 'F1', 0.15, indent);
    },
    heading(text: string) {
      room(40);
      y -= 8;
      this.line(text, 12, 'F2', 0.1);
      y -= 2;
    },
    finish(footer: (page: number, pages: number) => string) {
      pages.push(content);
      return buildPdf(
        pages.map((c, i) => c + textAt(footer(i + 1, pages.length), MARGIN, 24, 8, 'F1', 0.45)),
        A4_PORTRAIT,
      );
    },
  };
}

function verdictText(check: ChainCheck, t: TFunction): string {
  if (!check.intact) return t('verdict.broken', { count: check.breaks.length });
  const head = check.head ? t('verdict.head', { sequence: check.head.sequence, hash: check.head.hash, time: iso(check.head.at) }) : '';
  return t('verdict.intact', { count: check.records, head });
}

function packPdf(pack: Pack, meta: { organization: string; scope: string; check: ChainCheck; t: number; locale: Locale }): Buffer {
  const t = translator(meta.locale, 'audit');
  const doc = flow();
  doc.line(t('pack.title'), 18, 'F2', 0.1);
  doc.line(meta.organization, 12, 'F1', 0.3);
  doc.line(t('pack.scope', { scope: meta.scope, time: iso(meta.t).slice(0, 16).replace('T', ' ') }), 10, 'F1', 0.3);
  doc.wrapped(verdictText(meta.check, t));
  for (const b of meta.check.breaks) doc.wrapped(`- ${sayEvidence(b.say, meta.locale)}`, 9, 12);
  const disputed = new Set(meta.check.breaks.map((b) => `${b.kind}:${b.userId}:${b.stationId}`));

  doc.heading(t('pack.stations'));
  for (const s of pack.stations) {
    const validity = s.validity_months === null ? t('validity.none') : t('validity.months', { months: s.validity_months });
    doc.line(
      s.kind === 'training' ? t('station.training', { name: s.name, validity }) : t('station.line', { name: s.name, validity, minimum: s.min_per_shift }),
      10,
      'F2',
    );
    for (const v of pack.videos.filter((v) => v.station_id === s.id)) doc.line(t('station.video', { title: v.title, revision: v.revision }), 9, 'F1', 0.15, 12);
    for (const item of s.checklist) doc.line(t('station.checklist', { item }), 9, 'F1', 0.15, 12);
  }

  doc.heading(t('pack.standing'));
  const stationName = new Map(pack.stations.map((s) => [s.id, s]));
  for (const r of pack.standing) {
    const station = stationName.get(r.station_id);
    if (!station) continue;
    const state = t(`state.${r.state}`);
    const dates = [
      r.qualified_at ? t('standing.qualified', { date: formatDay(r.qualified_at) }) : '',
      r.expires_at ? t('standing.expires', { date: formatDay(r.expires_at) }) : '',
    ]
      .filter(Boolean)
      .join(', ');
    const flag = disputed.has(`qualification:${r.user_id}:${r.station_id}`) ? t('standing.disagrees') : '';
    doc.line(`${pack.names.get(r.user_id) ?? r.user_id} - ${station.name}: ${state}${dates ? ` (${dates})` : ''}${flag}`);
  }

  doc.heading(t('pack.signoffs'));
  if (!pack.signoffs.length) doc.line(t('signoff.none'));
  for (const s of pack.signoffs) {
    const person = pack.names.get(s.userId) ?? t('record.person', { id: s.userId });
    doc.line(t('signoff.line', { date: formatDay(s.at), person, station: s.station, signer: s.signedBy, sequence: s.sequence }), 9, 'F2');
    if (disputed.has(`signoff:${s.userId}:${s.stationId}`)) doc.line(t('signoff.disputed'), 9, 'F2', 0.1, 12);
    for (const e of s.revisions as { title: string; revision: number; completed_at: string }[])
      doc.line(t('signoff.watched', { title: e.title, revision: e.revision, date: formatDay(Date.parse(e.completed_at)) }), 9, 'F1', 0.15, 12);
    for (const c of s.checklist) doc.line(`${c.checked ? '[x]' : '[ ]'} ${c.item}`, 9, 'F1', 0.15, 12);
    if (s.comment) doc.wrapped(t('signoff.comment', { comment: s.comment }), 9, 12);
  }

  doc.heading(t('pack.records'));
  for (const r of pack.records) {
    doc.line(`#${r.sequence}  ${iso(r.at).slice(0, 16).replace('T', ' ')}  ${describe(r, pack.names, t)}`);
    doc.line(`hash ${r.hash}`, 7, 'F1', 0.45, 12);
  }
  return doc.finish((page, pages) => t('pack.footer', { organization: meta.organization, page, pages }));
}

export async function auditPack(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  query: z.output<typeof auditPackQuery>,
  standingOf: StandingReader,
  locale: Locale,
) {
  assertCanManageQualifications(caller, organizationId);
  const scope: Scope = { stationId: query.station_id, userId: query.user_id };
  const at = now();
  const pack = await gather(ctx.db, organizationId, scope, standingOf, at);
  const base = scope.userId !== undefined ? `person-${scope.userId}` : scope.stationId !== undefined ? `station-${scope.stationId}` : 'organization';
  const check = await checkChain(ctx.db, organizationId);
  if (query.format === 'csv') return { kind: 'csv' as const, body: packCsv(pack, check), filename: `audit-pack-${base}.csv` };
  const t = translator(locale, 'audit');
  const scopeText =
    scope.userId !== undefined
      ? t('scope.person', { name: String(pack.names.get(scope.userId)) })
      : scope.stationId !== undefined
        ? t('scope.station', { name: pack.stations[0]?.name ?? '' })
        : t('scope.organization');
  const pdf = packPdf(pack, {
    organization: await organizationName(ctx.db, organizationId),
    scope: scopeText,
    check,
    t: at,
    locale,
  });
  return { kind: 'pdf' as const, body: pdf, filename: `audit-pack-${base}.pdf` };
}
