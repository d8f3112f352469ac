import type { FloorReason, FloorReasonParams, FloorVerdict, QualificationState } from '@mm/contract';
import { formatDay } from '../../lib/clock.ts';

export type FloorFacts = {
  /** The operator's state at the station (the clock applied); null when not assigned there. */
  state: QualificationState | null;
  needsSignoff: boolean;
  required: number;
  watched: number;
  /** A knowledge check the station requires is not passed yet. */
  checkMissing: boolean;
  dueAt: number | null;
  expiresAt: number | null;
  /** Titles of the required videos whose current revision the operator has not watched. */
  toWatch: string[];
  t: number;
};

export type FloorStanding = { verdict: FloorVerdict; headline: string; reason: string; reason_code: FloorReason; reason_params: FloorReasonParams };

const dueClause = (dueAt: number | null, t: number) => {
  if (dueAt === null) return '';
  return dueAt < t ? `, overdue since ${formatDay(dueAt)}` : `, due by ${formatDay(dueAt)}`;
};

/**
 * What the QR label at the machine tells the operator, in one word and one reason: cleared (green) only while the
 * qualification holds; training needed (amber) while the videos or the sign-off are on their way; not qualified
 * (red) when not assigned, expired, or retraining after a changed video.
 */
export function floorStanding(f: FloorFacts): FloorStanding {
  const { code, ...english } = englishStanding(f);
  return { ...english, reason_code: code, reason_params: reasonParams(f) };
}

/** The figures a reason is said with, in any language. */
function reasonParams(f: FloorFacts): FloorReasonParams {
  return {
    until: f.expiresAt === null ? (f.state === 'expiring' ? formatDay(f.t) : null) : formatDay(f.expiresAt),
    due: f.dueAt === null ? null : formatDay(f.dueAt),
    overdue: f.dueAt !== null && f.dueAt < f.t,
    left: Math.max(f.required - f.watched, 0),
    required: f.required,
    signoff: f.needsSignoff,
    check: f.checkMissing,
  };
}

function englishStanding(f: FloorFacts): { verdict: FloorVerdict; headline: string; reason: string; code: FloorReason } {
  const redo = f.needsSignoff ? 'watch the videos again and get signed off' : 'watch the videos again';
  switch (f.state) {
    case null:
      return {
        verdict: 'not_qualified',
        headline: 'Not qualified',
        code: 'not_assigned',
        reason: 'You are not assigned to this station: ask your supervisor to assign you and train you before you run it.',
      };
    case 'qualified':
      return {
        verdict: 'cleared',
        headline: 'Cleared to run',
        code: f.expiresAt === null ? 'qualified' : 'qualified_until',
        reason: f.expiresAt === null ? 'You are qualified at this station.' : `You are qualified until ${formatDay(f.expiresAt)}.`,
      };
    case 'expiring':
      return {
        verdict: 'cleared',
        headline: 'Cleared to run',
        code: 'expiring',
        reason: `You are qualified until ${formatDay(f.expiresAt ?? f.t)}: ${redo} before then to renew.`,
      };
    case 'awaiting_signoff':
      return {
        verdict: 'training_needed',
        headline: 'Training needed',
        code: 'awaiting_signoff',
        reason: 'Your videos are done: a trainer must watch you run the station and sign you off.',
      };
    case 'expired':
      return {
        verdict: 'not_qualified',
        headline: 'Expired',
        code: 'expired',
        reason: `Your qualification expired${f.expiresAt === null ? '' : ` on ${formatDay(f.expiresAt)}`}: ${redo} before you run the station.`,
      };
    case 'retraining_due':
      return {
        verdict: 'not_qualified',
        headline: 'Not qualified',
        code: 'retraining_due',
        reason: `The way to run this station changed (${f.toWatch.join(', ') || 'a required video'}): ${redo}.`,
      };
    default: {
      const left = Math.max(f.required - f.watched, 0);
      const then = f.needsSignoff ? ', then a sign-off at the station' : '';
      if (left === 0 && f.checkMissing)
        return {
          verdict: 'training_needed',
          headline: 'Training needed',
          code: 'check_needed',
          reason: `Your videos are done: pass the knowledge check${dueClause(f.dueAt, f.t)}${then}.`,
        };
      return {
        verdict: 'training_needed',
        headline: 'Training needed',
        code: 'training',
        reason: `${left} of ${f.required} required video${f.required === 1 ? '' : 's'} left to watch${f.checkMissing ? ' and the knowledge check to pass' : ''}${dueClause(f.dueAt, f.t)}${then}.`,
      };
    }
  }
}
