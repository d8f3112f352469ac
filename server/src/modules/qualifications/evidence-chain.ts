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

export type ChainCheck = { intact: boolean; records: number; firstBrokenSequence: number | null; lastHash: string | null };

/**
 * Walks stored records in sequence order (page by page through `next`) and checks each one: its sequence follows
 * the previous one, it names the previous hash, and its own hash matches its fields.
 */
export async function verifyChain(
  next: (after: number) => Promise<(HashedFields & { previous_hash: string; hash: string })[]>,
  head: { last_sequence: number; last_hash: string } | undefined,
): Promise<ChainCheck> {
  let previous = GENESIS_HASH;
  let expected = 1;
  let records = 0;
  for (let page = await next(0); page.length; page = await next(expected - 1)) {
    for (const r of page) {
      if (r.sequence !== expected || r.previous_hash !== previous || hashRecord(previous, r) !== r.hash) {
        return { intact: false, records, firstBrokenSequence: expected, lastHash: null };
      }
      previous = r.hash;
      expected += 1;
      records += 1;
    }
  }
  // A removed tail is caught by the head, which names the last sequence and hash written.
  if (head && (head.last_sequence !== records || head.last_hash !== previous)) {
    return { intact: false, records, firstBrokenSequence: records + 1, lastHash: null };
  }
  return { intact: true, records, firstBrokenSequence: null, lastHash: records ? previous : null };
}
