import crypto from 'node:crypto';
import { type EvidenceSay, sayEvidence } from './evidence-text.ts';

/**
 * The audit evidence is a hash chain per organization: each record's hash is the HMAC-SHA256 (keyed with the
 * configured evidence key, lib/evidence-key.ts) of the previous record's hash and the record's own fields in a fixed
 * order, so editing, removing or reordering any stored record changes a hash that the next one names, verification
 * finds the first record that no longer matches, and without the key nobody can compute the hashes of a rewritten
 * chain. Records written before the chain was keyed keep their plain SHA-256 (`keyed` 0): they may only come first,
 * and a chain must end in keyed records (migration 032 and `sealLegacyChain`).
 */

export const GENESIS_HASH = '0'.repeat(64);

export const EVIDENCE_KINDS = [
  'assigned',
  'unassigned',
  'video_completed',
  'signed_off',
  'qualified',
  'expiring',
  'expired',
  'retraining_due',
  'requirements_changed',
  'toolbox_talk',
  'chain_keyed',
  'assessment_attempt',
  'practical_check',
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

export type EvidenceEntry = {
  kind: EvidenceKind;
  at: number;
  user_id: number | null;
  station_id: number | null;
  video_id: number | null;
  revision: number | null;
  detail: Record<string, unknown>;
};

/** The fields a hash covers, as stored (`detail` already as its JSON text). */
export type HashedFields = {
  organization_id: number;
  sequence: number;
  kind: string;
  at: number | string;
  user_id: number | null;
  station_id: number | null;
  video_id: number | null;
  revision: number | null;
  detail: string;
};

/** The record's hash: keyed (HMAC-SHA256) when a key is given, the plain SHA-256 of the first, unkeyed format otherwise. */
export function hashRecord(previousHash: string, r: HashedFields, key: Buffer | null): string {
  // Numbers as decimal text: bigint columns come back from PostgreSQL as strings.
  const fields = [r.organization_id, r.sequence, r.kind, r.at, r.user_id, r.station_id, r.video_id, r.revision, r.detail].map((v) =>
    v === null ? '' : String(v),
  );
  const h = key ? crypto.createHmac('sha256', key) : crypto.createHash('sha256');
  return h.update(previousHash).update('\n').update(JSON.stringify(fields)).digest('hex');
}

/** The signature of a head an organization keeps (e-mailed weekly): proves the platform issued that head at that time. */
export function signHead(key: Buffer, organizationId: number, head: ChainHead): string {
  return crypto.createHmac('sha256', key).update(`mm-evidence-head\n${organizationId}\n${head.sequence}\n${head.hash}\n${head.at}`).digest('hex');
}

/** Something stored that the chain does not vouch for: a record, the head, or a working row (sign-off, qualification). */
export type EvidenceBreak = {
  kind: 'record' | 'head' | 'kept_head' | 'signoff' | 'qualification' | 'practical';
  sequence: number | null;
  /** The finding in English; `say` says it in another language. */
  message: string;
  say: EvidenceSay;
  /** The person and station of a working row that disagrees, so the pack can mark the line it prints. */
  userId?: number;
  stationId?: number;
};

export type ChainHead = { sequence: number; hash: string; at: number };

export type ChainCheck = {
  intact: boolean;
  records: number;
  firstBrokenSequence: number | null;
  lastHash: string | null;
  /** The last verified record, what an organization keeps a copy of. */
  head: ChainHead | null;
  breaks: EvidenceBreak[];
};

type StoredRecord = HashedFields & { previous_hash: string; hash: string; keyed: number };

const finding = (kind: EvidenceBreak['kind'], sequence: number | null, say: EvidenceSay): EvidenceBreak => ({
  kind,
  sequence,
  message: sayEvidence(say),
  say,
});

const broken = (records: number, sequence: number, b: EvidenceBreak): ChainCheck => ({
  intact: false,
  records,
  firstBrokenSequence: sequence,
  lastHash: null,
  head: null,
  breaks: [b],
});

/**
 * Walks stored records in sequence order (page by page through `next`) and checks each one: its sequence follows
 * the previous one, it names the previous hash, and its own hash matches its fields. `seen` gets every record
 * that verified, so the caller can compare the working tables with what the chain witnessed.
 */
export async function verifyChain<R extends StoredRecord>(
  next: (after: number) => Promise<R[]>,
  head: { last_sequence: number; last_hash: string } | undefined,
  options: { key: Buffer; kept?: { hash: string; at: number } | undefined; seen?: (r: R) => void },
): Promise<ChainCheck> {
  let previous = GENESIS_HASH;
  let expected = 1;
  let records = 0;
  let lastAt = 0;
  let keyedSeen = false;
  let keptFound = false;
  for (let page = await next(0); page.length; page = await next(expected - 1)) {
    for (const r of page) {
      // A plain record after a keyed one would be a rewrite by someone without the key.
      const key = r.keyed === 1 ? options.key : keyedSeen ? undefined : null;
      if (r.sequence !== expected || r.previous_hash !== previous || key === undefined || hashRecord(previous, r, key) !== r.hash) {
        return broken(records, expected, finding('record', expected, { key: 'break.record', values: { sequence: expected } }));
      }
      keyedSeen ||= r.keyed === 1;
      if (options.kept && r.hash === options.kept.hash && Number(r.at) === options.kept.at) keptFound = true;
      options.seen?.(r);
      previous = r.hash;
      lastAt = Number(r.at);
      expected += 1;
      records += 1;
    }
  }
  // A removed tail is caught by the head, which names the last sequence and hash written.
  if (head && (head.last_sequence !== records || head.last_hash !== previous)) {
    return broken(records, records + 1, finding('head', records + 1, { key: 'break.head', values: { named: head.last_sequence, records } }));
  }
  if (records && !keyedSeen) {
    return broken(records, records, finding('record', records, { key: 'break.unkeyed' }));
  }
  const intact: ChainCheck = {
    intact: true,
    records,
    firstBrokenSequence: null,
    lastHash: records ? previous : null,
    head: records ? { sequence: records, hash: previous, at: lastAt } : null,
    breaks: [],
  };
  // The records hold together, but not the head the organization kept: the caller still compares the rows.
  if (options.kept && !keptFound) {
    return {
      ...intact,
      intact: false,
      breaks: [finding('kept_head', null, { key: 'break.keptHead', values: { hash: options.kept.hash, at: new Date(options.kept.at).toISOString() } })],
    };
  }
  return intact;
}
