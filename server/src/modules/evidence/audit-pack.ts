import {
  type AuditVerificationData,
  type auditPackQuery,
  type auditVerificationQuery,
  countOf,
  csvLine,
  evidenceBreaksText,
  QUALIFICATION_STATE_LABELS,
  type QualificationState,
} from '@mm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { formatDay, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { evidenceKey } from '../../lib/evidence-key.ts';
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
import { chainHead, evidenceRecords, type StoredEvidence, signoffClaims, standingClaims } from './evidence.queries.ts';
import { type ChainCheck, verifyChain } from './evidence-chain.ts';
import { chainWitness, signoffOf } from './evidence-consistency.rules.ts';

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
  const [signoffs, standing] = await Promise.all([signoffClaims(db, organizationId), standingClaims(db, organizationId)]);
  const disagreements = [
    ...witness.compareSignoffs(signoffs.map((s) => ({ ...s, person: fullName(s), signed_at: Number(s.signed_at) }))),
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
      ...disagreements.map((d) => ({ kind: d.kind, sequence: d.sequence, message: d.message, userId: d.userId, stationId: d.stationId })),
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
): Promise<AuditVerificationData> {
  assertCanManageQualifications(caller, organizationId);
  const check = await checkChain(ctx.db, organizationId, keptHeadOf(query.head, query.head_at));
  return {
    intact: check.intact,
    records: check.records,
    first_broken_sequence: check.firstBrokenSequence,
    last_hash: check.lastHash,
    head: check.head && { sequence: check.head.sequence, hash: check.head.hash, at: iso(check.head.at) },
    breaks: check.breaks.map((b) => ({ kind: b.kind, sequence: b.sequence, message: b.message })),
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
function describe(r: StoredEvidence, names: Map<number, string>): string {
  const d = detailOf(r);
  const who = r.user_id === null ? '' : (names.get(r.user_id) ?? `person ${r.user_id}`);
  const station = typeof d.station === 'string' ? d.station : '';
  switch (r.kind) {
    case 'video_completed':
      return `${who} completed "${String(d.video ?? `video ${r.video_id}`)}" (revision ${r.revision})`;
    case 'signed_off':
      return `${who} signed off at ${station} by ${String(d.signed_by ?? '')}`;
    case 'assigned':
      return `${who} assigned to ${station}`;
    case 'unassigned':
      return `${who} no longer assigned to ${station}`;
    case 'requirements_changed':
      return `${station}: requirements changed`;
    case 'chain_keyed':
      return `The chain is keyed (HMAC-SHA256) from here on; it seals the earlier records up to #${String(d.sealed_sequence ?? '')}`;
    case 'toolbox_talk': {
      // Talks recorded before the clip's play was reported name no played seconds.
      const played = typeof d.played_seconds === 'number' ? `, clip played ${d.played_seconds} of ${String(d.clip_seconds)} s` : '';
      const credit = d.credited ? 'counted as watching the clip' : 'attendance only, not counted as watching the clip';
      return `${who} attended a toolbox talk on "${String(d.video ?? `video ${r.video_id}`)}" (revision ${r.revision}) led by ${String(d.led_by ?? '')}${played}: ${credit}; crew answer: "${String(d.answer ?? '')}"`;
    }
    case 'assessment_attempt':
      return `${who} ${d.passed ? 'passed' : 'did not pass'} the knowledge check ${typeof d.category === 'string' ? `at the end of the category "${d.category}"` : `on "${String(d.video ?? `video ${r.video_id}`)}"`} (attempt ${String(d.attempt_number ?? '')}): ${String(d.score_percent ?? '')}%, pass mark ${String(d.pass_percent ?? '')}%${d.timed_out ? '; the time limit ran out, answers after it not accepted' : ''}`;
    default:
      return `${who} at ${station}: ${QUALIFICATION_STATE_LABELS[r.kind as keyof typeof QUALIFICATION_STATE_LABELS] ?? r.kind}`;
  }
}

function packCsv(pack: Pack, check: ChainCheck): string {
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
      describe(r, pack.names),
      r.detail,
      r.previous_hash,
      r.hash,
    ]);
  }
  // The verification travels with the records: a spreadsheet reader sees the breaks as rows of their own.
  if (check.intact) out += csvLine([null, null, 'verified', null, null, null, null, verdictText(check), null, null, check.lastHash]);
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
    finish(footer: string) {
      pages.push(content);
      return buildPdf(
        pages.map((c, i) => c + textAt(`${footer} - page ${i + 1} of ${pages.length}`, MARGIN, 24, 8, 'F1', 0.45)),
        A4_PORTRAIT,
      );
    },
  };
}

function verdictText(check: ChainCheck): string {
  if (!check.intact) {
    return `EVIDENCE CHAIN BROKEN: ${evidenceBreaksText(check.breaks.length)}; nothing they say is vouched for.`;
  }
  const head = check.head ? ` Head (keep a copy to check later): record #${check.head.sequence}, hash ${check.head.hash}, time ${iso(check.head.at)}.` : '';
  return `Evidence chain intact: ${countOf(check.records, 'record')}, every sign-off and qualification matches it.${head} Each record's HMAC-SHA256, keyed with a secret kept outside the database, covers the previous record's hash and its own fields.`;
}

function packPdf(pack: Pack, meta: { organization: string; scope: string; check: ChainCheck; t: number }): Buffer {
  const doc = flow();
  doc.line('QUALIFICATION AUDIT PACK', 18, 'F2', 0.1);
  doc.line(meta.organization, 12, 'F1', 0.3);
  doc.line(`Scope: ${meta.scope}    Generated: ${iso(meta.t).slice(0, 16).replace('T', ' ')} UTC`, 10, 'F1', 0.3);
  doc.wrapped(verdictText(meta.check));
  for (const b of meta.check.breaks) doc.wrapped(`- ${b.message}`, 9, 12);
  const disputed = new Set(meta.check.breaks.map((b) => `${b.kind}:${b.userId}:${b.stationId}`));

  doc.heading('Stations, required training and requirements');
  for (const s of pack.stations) {
    const validity = s.validity_months === null ? 'does not expire' : `valid ${s.validity_months} month(s)`;
    doc.line(
      s.kind === 'training' ? `${s.name} (required training) - ${validity}` : `${s.name} - ${validity}, minimum ${s.min_per_shift} qualified per shift`,
      10,
      'F2',
    );
    for (const v of pack.videos.filter((v) => v.station_id === s.id)) doc.line(`Video: ${v.title} (current revision ${v.revision})`, 9, 'F1', 0.15, 12);
    for (const item of s.checklist) doc.line(`Checklist: ${item}`, 9, 'F1', 0.15, 12);
  }

  doc.heading('Current standing');
  const stationName = new Map(pack.stations.map((s) => [s.id, s]));
  for (const r of pack.standing) {
    const station = stationName.get(r.station_id);
    if (!station) continue;
    const state = QUALIFICATION_STATE_LABELS[r.state];
    const dates = [r.qualified_at ? `qualified ${formatDay(r.qualified_at)}` : '', r.expires_at ? `expires ${formatDay(r.expires_at)}` : '']
      .filter(Boolean)
      .join(', ');
    const flag = disputed.has(`qualification:${r.user_id}:${r.station_id}`) ? ' - DISAGREES WITH THE EVIDENCE CHAIN' : '';
    doc.line(`${pack.names.get(r.user_id) ?? r.user_id} - ${station.name}: ${state}${dates ? ` (${dates})` : ''}${flag}`);
  }

  doc.heading('Sign-offs');
  if (!pack.signoffs.length) doc.line('No sign-offs recorded.');
  for (const s of pack.signoffs) {
    doc.line(
      `${formatDay(s.at)} - ${pack.names.get(s.userId) ?? `person ${s.userId}`} at ${s.station}, signed off by ${s.signedBy} (record #${s.sequence})`,
      9,
      'F2',
    );
    if (disputed.has(`signoff:${s.userId}:${s.stationId}`)) doc.line('STORED SIGN-OFF DISAGREES WITH THIS RECORD (see the breaks above)', 9, 'F2', 0.1, 12);
    for (const e of s.revisions as { title: string; revision: number; completed_at: string }[])
      doc.line(`Watched: ${e.title}, revision ${e.revision}, completed ${formatDay(Date.parse(e.completed_at))}`, 9, 'F1', 0.15, 12);
    for (const c of s.checklist) doc.line(`${c.checked ? '[x]' : '[ ]'} ${c.item}`, 9, 'F1', 0.15, 12);
    if (s.comment) doc.wrapped(`Comment: ${s.comment}`, 9, 12);
  }

  doc.heading('Evidence records');
  for (const r of pack.records) {
    doc.line(`#${r.sequence}  ${iso(r.at).slice(0, 16).replace('T', ' ')}  ${describe(r, pack.names)}`);
    doc.line(`hash ${r.hash}`, 7, 'F1', 0.45, 12);
  }
  return doc.finish(`${meta.organization} - qualification audit pack`);
}

export async function auditPack(ctx: AppContext, caller: Caller, organizationId: number, query: z.output<typeof auditPackQuery>, standingOf: StandingReader) {
  assertCanManageQualifications(caller, organizationId);
  const scope: Scope = { stationId: query.station_id, userId: query.user_id };
  const t = now();
  const pack = await gather(ctx.db, organizationId, scope, standingOf, t);
  const base = scope.userId !== undefined ? `person-${scope.userId}` : scope.stationId !== undefined ? `station-${scope.stationId}` : 'organization';
  const check = await checkChain(ctx.db, organizationId);
  if (query.format === 'csv') return { kind: 'csv' as const, body: packCsv(pack, check), filename: `audit-pack-${base}.csv` };
  const scopeText =
    scope.userId !== undefined
      ? `person ${pack.names.get(scope.userId)}`
      : scope.stationId !== undefined
        ? `station ${pack.stations[0]?.name ?? ''}`
        : 'whole organization';
  const pdf = packPdf(pack, {
    organization: await organizationName(ctx.db, organizationId),
    scope: scopeText,
    check,
    t,
  });
  return { kind: 'pdf' as const, body: pdf, filename: `audit-pack-${base}.pdf` };
}
