import type { QualificationState } from '@mm/contract';
import type { EvidenceSay } from './evidence-text.ts';

/**
 * The working tables (sign-offs, qualification rows) are what the app reads to decide; the evidence chain is what
 * the audit pack vouches for. Only the chain is hashed, so every working row that claims something the chain must
 * have witnessed is compared with it here: a row the chain does not back is a break, exactly like an edited record.
 * Pure functions of the records (fed in chain order) and the rows.
 */

export type ChainRecord = { sequence: number; kind: string; at: number; user_id: number | null; station_id: number | null; detail: string };

export type SignoffClaim = {
  id: number;
  user_id: number;
  station_id: number;
  person: string;
  station_name: string;
  signed_by_name: string;
  signed_at: number;
  comment: string;
  checklist: string;
  evidence: string;
};

export type StandingClaim = {
  user_id: number;
  station_id: number;
  person: string;
  station_name: string;
  state: QualificationState;
  qualified_at: number | null;
  expires_at: number | null;
};

/** What a row's disagreement says, in no language yet (the caller words it). */
export type Disagreement = { kind: 'signoff' | 'qualification' | 'practical'; sequence: number | null; userId: number; stationId: number; say: EvidenceSay };

/** What a signed_off record says, as the sign-off row must say it. */
export type ChainSignoff = {
  sequence: number;
  at: number;
  userId: number;
  stationId: number;
  signoffId: number | null;
  station: string;
  signedBy: string;
  comment: string;
  checklist: { item: string; checked: boolean }[];
  revisions: unknown[];
};

export function signoffOf(r: ChainRecord): ChainSignoff {
  const d = JSON.parse(r.detail) as {
    signoff_id?: number;
    station?: string;
    signed_by?: string;
    comment?: string;
    checklist?: string[];
    revisions?: unknown[];
  };
  return {
    sequence: r.sequence,
    at: r.at,
    userId: r.user_id ?? 0,
    stationId: r.station_id ?? 0,
    signoffId: typeof d.signoff_id === 'number' ? d.signoff_id : null,
    station: d.station ?? '',
    signedBy: d.signed_by ?? '',
    comment: d.comment ?? '',
    // A sign-off is only accepted with every item observed, so the chain names the items and the row ticks them all.
    checklist: (d.checklist ?? []).map((item) => ({ item, checked: true })),
    revisions: d.revisions ?? [],
  };
}

/** A practical check row as stored (issue 38), with the names it is reported under. */
export type PracticalClaim = {
  id: number;
  user_id: number;
  station_id: number;
  person: string;
  station_name: string;
  recorded_at: number;
  trainer_name: string;
  passed: boolean;
  steps: unknown;
};

/** What a practical_check record says, as the practical check's row must say it. */
type ChainPractical = {
  sequence: number;
  at: number;
  userId: number;
  stationId: number;
  checkId: number | null;
  trainer: string;
  passed: boolean;
  steps: unknown;
};

function practicalOf(r: ChainRecord): ChainPractical {
  const d = JSON.parse(r.detail) as { practical_check_id?: number; trainer?: string; passed?: boolean; steps?: unknown };
  return {
    sequence: r.sequence,
    at: r.at,
    userId: r.user_id ?? 0,
    stationId: r.station_id ?? 0,
    checkId: typeof d.practical_check_id === 'number' ? d.practical_check_id : null,
    trainer: d.trainer ?? '',
    passed: d.passed === true,
    steps: d.steps ?? [],
  };
}

/** JSON with sorted keys: PostgreSQL and SQLite may hand the same stored JSON back with keys in another order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const STANDING_KINDS = new Set(['assigned', 'unassigned', 'qualified', 'expiring', 'expired', 'retraining_due']);
/** The kinds a held qualification is recorded under, and the stored states that hold one (qualified or in the warning period). */
const HELD_KINDS: ReadonlySet<string> = new Set(['qualified', 'expiring']);

type PairStanding = { kind: string; sequence: number; qualifiedAt: number | null; expiresAt: number | null };

/**
 * Collects, record by record in chain order, what the chain witnessed: the sign-offs, and per person and station the
 * last standing event (every move into or out of a held qualification is recorded: qualified, the warning period,
 * expiry, retraining, assignment and unassignment).
 */
export function chainWitness() {
  const signoffs: ChainSignoff[] = [];
  const practicals = new Map<number, ChainPractical>();
  const standing = new Map<string, PairStanding>();
  const key = (userId: number, stationId: number) => `${userId}:${stationId}`;
  return {
    add(r: ChainRecord) {
      if (r.user_id === null || r.station_id === null) return;
      if (r.kind === 'signed_off') signoffs.push(signoffOf(r));
      if (r.kind === 'practical_check') {
        const practical = practicalOf(r);
        if (practical.checkId !== null) practicals.set(practical.checkId, practical);
      }
      if (!STANDING_KINDS.has(r.kind)) return;
      const k = key(r.user_id, r.station_id);
      const previous = standing.get(k);
      const detail = JSON.parse(r.detail) as { expires_at?: string | null };
      const expiresAt = typeof detail.expires_at === 'string' ? Date.parse(detail.expires_at) : null;
      standing.set(k, {
        kind: r.kind,
        sequence: r.sequence,
        qualifiedAt: r.kind === 'qualified' ? r.at : r.kind === 'expiring' ? (previous?.qualifiedAt ?? null) : null,
        expiresAt,
      });
    },
    /** Every sign-off row must be one the chain recorded, field for field. */
    compareSignoffs(rows: SignoffClaim[]): Disagreement[] {
      const byId = new Map(signoffs.filter((s) => s.signoffId !== null).map((s) => [s.signoffId, s]));
      const out: Disagreement[] = [];
      for (const row of rows) {
        // Records written before they named the sign-off are found by person, station and time.
        const witnessed =
          byId.get(row.id) ??
          signoffs.find((s) => s.signoffId === null && s.userId === row.user_id && s.stationId === row.station_id && s.at === Number(row.signed_at));
        const who = {
          key: 'who.signoff',
          values: { person: row.person, station: row.station_name, date: new Date(Number(row.signed_at)).toISOString().slice(0, 10) },
        };
        if (!witnessed) {
          out.push({ kind: 'signoff', sequence: null, userId: row.user_id, stationId: row.station_id, say: { key: 'break.signoffMissing', who } });
          continue;
        }
        const differs = [
          witnessed.userId !== row.user_id || witnessed.stationId !== row.station_id ? 'personOrStation' : '',
          witnessed.at !== Number(row.signed_at) ? 'time' : '',
          witnessed.signedBy !== row.signed_by_name ? 'signer' : '',
          witnessed.comment !== row.comment ? 'comment' : '',
          canonical(witnessed.checklist) !== canonical(JSON.parse(row.checklist)) ? 'checklist' : '',
          canonical(witnessed.revisions) !== canonical(JSON.parse(row.evidence)) ? 'videos' : '',
        ].filter(Boolean);
        if (differs.length) {
          out.push({
            kind: 'signoff',
            sequence: witnessed.sequence,
            userId: row.user_id,
            stationId: row.station_id,
            say: { key: 'break.signoffDiffers', values: { sequence: witnessed.sequence }, who, differs },
          });
        }
      }
      return out;
    },
    /** Every practical check row must be the one the chain recorded (issue 38): result, steps, notes and photos, trainer. */
    comparePracticals(rows: PracticalClaim[]): Disagreement[] {
      const out: Disagreement[] = [];
      for (const row of rows) {
        const witnessed = practicals.get(row.id);
        const who = {
          key: 'who.practical',
          values: { person: row.person, station: row.station_name, date: new Date(row.recorded_at).toISOString().slice(0, 10) },
        };
        if (!witnessed) {
          out.push({ kind: 'practical', sequence: null, userId: row.user_id, stationId: row.station_id, say: { key: 'break.signoffMissing', who } });
          continue;
        }
        const differs = [
          witnessed.userId !== row.user_id || witnessed.stationId !== row.station_id ? 'personOrStation' : '',
          witnessed.at !== row.recorded_at ? 'time' : '',
          witnessed.trainer !== row.trainer_name ? 'signer' : '',
          witnessed.passed !== row.passed ? 'result' : '',
          canonical(witnessed.steps) !== canonical(row.steps) ? 'steps' : '',
        ].filter(Boolean);
        if (differs.length) {
          out.push({
            kind: 'practical',
            sequence: witnessed.sequence,
            userId: row.user_id,
            stationId: row.station_id,
            say: { key: 'break.signoffDiffers', values: { sequence: witnessed.sequence }, who, differs },
          });
        }
      }
      return out;
    },
    /** A stored qualification is held exactly when the chain's last standing event holds it, with the same dates. */
    compareStanding(rows: StandingClaim[]): Disagreement[] {
      const out: Disagreement[] = [];
      for (const row of rows) {
        const witnessed = standing.get(key(row.user_id, row.station_id));
        const chainHolds = witnessed !== undefined && HELD_KINDS.has(witnessed.kind);
        const who = { key: 'who.standing', values: { person: row.person, station: row.station_name } };
        const at = witnessed?.sequence ?? null;
        if (HELD_KINDS.has(row.state) !== chainHolds) {
          const say: EvidenceSay = chainHolds
            ? { key: 'break.storedNotHeld', values: { state: row.state, sequence: String(at) }, who }
            : { key: 'break.storedHeld', values: { state: row.state }, who };
          out.push({ kind: 'qualification', sequence: at, userId: row.user_id, stationId: row.station_id, say });
        } else if (
          chainHolds &&
          (Number(row.qualified_at) !== witnessed.qualifiedAt || (row.expires_at === null ? null : Number(row.expires_at)) !== witnessed.expiresAt)
        ) {
          out.push({
            kind: 'qualification',
            sequence: at,
            userId: row.user_id,
            stationId: row.station_id,
            say: { key: 'break.dates', values: { sequence: String(at) }, who },
          });
        }
      }
      return out;
    },
    signoffs,
  };
}
