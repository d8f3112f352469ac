import { forbidden } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { assertCanReadStations } from '../stations/index.ts';

export const NOT_A_TRAINER = 'Only a super user or a trainer of this station can sign people off here.';
export const NOT_YOURSELF = 'You cannot sign off your own qualification: ask another trainer or a super user.';
export const NOT_YOUR_QUALIFICATIONS = 'You can only see your own qualifications.';

/** A person's qualifications: their own, or anyone's for a super user, or a trainer's trainees (stations they train at). */
export function assertCanReadPerson(caller: Caller, organizationId: number, userId: number, trainsThePerson: boolean): void {
  assertCanReadStations(caller, organizationId);
  if (caller.userId === userId || caller.isSuperUser || trainsThePerson) return;
  throw forbidden(NOT_YOUR_QUALIFICATIONS);
}

/** A super user of the organization or a trainer of the station signs off, never their own qualification. */
export function assertCanSignOff(caller: Caller, organizationId: number, userId: number, isTrainer: boolean): void {
  assertCanReadStations(caller, organizationId);
  if (caller.userId === userId) throw forbidden(NOT_YOURSELF);
  if (!caller.isSuperUser && !isTrainer) throw forbidden(NOT_A_TRAINER);
}

/** Whether the caller could sign this person off at a station they train at (the person page shows the form). */
export const maySignOff = (caller: Caller, userId: number, isTrainer: boolean): boolean => caller.userId !== userId && (caller.isSuperUser || isTrainer);
