import crypto from 'node:crypto';

/**
 * The audit evidence is a hash chain per organization: each record's hash is the SHA-256 of the previous record's
 * hash and the record's own fields in a fixed order, so editing, removing or reordering any stored record changes
 * a hash that the next one names, and verification finds the first record that no longer matches.
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

export function hashRecord(previousHash: string, r: HashedFields): string {
  // Numbers as decimal text: bigint columns come back from PostgreSQL as strings.
  const fields = [r.organization_id, r.sequence, r.kind, r.at, r.user_id, r.station_id, r.video_id, r.revision, r.detail].map((v) =>
    v === null ? '' : String(v),
  );
  return crypto.createHash('sha256').update(previousHash).update('\n').update(JSON.stringify(fields)).digest('hex');
}

/** Something stored that the chain does not vouch for: a record, the head, or a working row (sign-off, qualification). */
export type EvidenceBreak = {
  kind: 'record' | 'head' | 'signoff' | 'qualification';
  sequence: number | null;
  message: string;
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

type StoredRecord = HashedFields & { previous_hash: string; hash: string };

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
  seen: (r: R) => void = () => {},
): Promise<ChainCheck> {
  let previous = GENESIS_HASH;
  let expected = 1;
  let records = 0;
  let lastAt = 0;
  for (let page = await next(0); page.length; page = await next(expected - 1)) {
    for (const r of page) {
      if (r.sequence !== expected || r.previous_hash !== previous || hashRecord(previous, r) !== r.hash) {
        return broken(records, expected, {
          kind: 'record',
          sequence: expected,
          message: `Evidence record #${expected} was changed or removed after it was written.`,
        });
      }
      seen(r);
      previous = r.hash;
      lastAt = Number(r.at);
      expected += 1;
      records += 1;
    }
  }
  // A removed tail is caught by the head, which names the last sequence and hash written.
  if (head && (head.last_sequence !== records || head.last_hash !== previous)) {
    return broken(records, records + 1, {
      kind: 'head',
      sequence: records + 1,
      message: `The chain head names record #${head.last_sequence}, but the stored records end at #${records}: records were removed or the head was changed.`,
    });
  }
  return {
    intact: true,
    records,
    firstBrokenSequence: null,
    lastHash: records ? previous : null,
    head: records ? { sequence: records, hash: previous, at: lastAt } : null,
    breaks: [],
  };
}
