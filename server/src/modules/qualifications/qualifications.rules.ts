import type { MissingStep, QualificationState } from '@mm/contract';
import { DAY } from '../../lib/clock.ts';

/**
 * The qualification state machine, as plain functions of the kept figures: how many of the station's required
 * videos the person has completed (open training records), whether a sign-off counts for the current cycle, and
 * the clock. Only events move a qualified person back (expiry, recertification, a revision that requires
 * retraining); a later change of records alone never takes a qualification away before its date.
 */

export type Standing = {
  state: QualificationState;
  required: number;
  completed: number;
  /** Of the required videos, those whose knowledge check the station requires, and those passed on the open records. */
  checksRequired: number;
  checksPassed: number;
  /** The station has a practical checklist a supervisor must sign off. */
  needsSignoff: boolean;
  /** The last sign-off of this person at this station. */
  lastSignedAt: number | null;
  cycleStartedAt: number;
  qualifiedAt: number | null;
  expiresAt: number | null;
};

export type StationTerms = { validityMonths: number | null; warningDays: number };

export type Next = { state: QualificationState; qualifiedAt: number | null; expiresAt: number | null };

/** The same day of the month `months` later (the last day when the month is shorter), at the same time (UTC). */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const target = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

const HELD: ReadonlySet<QualificationState> = new Set(['qualified', 'expiring']);

/** Qualified or within the warning period: the person may run the station. */
export const isCleared = (state: QualificationState): boolean => HELD.has(state);

/** Where the figures lead, before the clock is applied. */
export function nextStanding(s: Standing, terms: StationTerms, t: number): Next {
  // A required knowledge check is part of the training: the videos alone do not complete it.
  const complete = s.required > 0 && s.completed >= s.required && s.checksPassed >= s.checksRequired;
  const signed = !s.needsSignoff || (s.lastSignedAt !== null && s.lastSignedAt >= s.cycleStartedAt);
  const keep: Next = { state: s.state, qualifiedAt: s.qualifiedAt, expiresAt: s.expiresAt };
  if (s.state === 'qualified') return keep;
  if (complete && signed) {
    return { state: 'qualified', qualifiedAt: t, expiresAt: terms.validityMonths === null ? null : addMonths(t, terms.validityMonths) };
  }
  // Until renewed, a person in the warning period stays cleared.
  if (s.state === 'expiring') return keep;
  if (complete) return { ...keep, state: 'awaiting_signoff' };
  if (s.state === 'expired' || s.state === 'retraining_due') return keep;
  return { ...keep, state: s.completed > 0 || s.checksPassed > 0 ? 'in_training' : 'not_started' };
}

export type Progress = {
  state: QualificationState;
  required: number;
  completed: number;
  checksRequired: number;
  checksPassed: number;
  needsSignoff: boolean;
  /** A sign-off of this person at this station counts for the current cycle. */
  signed: boolean;
};

/** What still stands between the person and the station, in the order it is usually done; nothing once cleared. */
export function missingSteps(p: Progress): MissingStep[] {
  if (isCleared(p.state)) return [];
  const missing: MissingStep[] = [];
  if (p.required === 0 || p.completed < p.required) missing.push('videos');
  if (p.checksPassed < p.checksRequired) missing.push('check');
  if (p.needsSignoff && !p.signed) missing.push('signoff');
  return missing;
}

/** What the clock does to a held qualification: into the warning period, then expired (readers apply it too, between the job's runs). */
export function clockState(state: QualificationState, expiresAt: number | null, warningDays: number, t: number): QualificationState {
  if (!isCleared(state) || expiresAt === null) return state;
  if (t >= expiresAt) return 'expired';
  if (t >= expiresAt - warningDays * DAY) return 'expiring';
  return state;
}
