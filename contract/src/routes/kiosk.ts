import { z } from 'zod';
import {
  enrolKioskData,
  enrolKioskRequest,
  kioskBadgeRequest,
  kioskPinStatusData,
  kioskPracticalCheckRequest,
  kioskPracticalStationsData,
  kioskRosterData,
  kioskRosterMember,
  kioskSignInData,
  kioskSignInRequest,
  kioskSummary,
  kiosksData,
  practicalCheckRecord,
  practicalPhotoData,
  setKioskPinRequest,
} from '../kiosk.ts';
import { defineRoute, defineRoutes } from '../route.ts';
import { idParam, kioskParams } from './params.ts';

/** Shared tablets: enrolment, PINs and sign-in. */
export const kioskRoutes = defineRoutes('kiosk', {
  kiosks: defineRoute({ method: 'GET', path: '/api/kiosks', summary: "The organization's kiosks", answer: kiosksData }),
  enrolKiosk: defineRoute({
    method: 'POST',
    path: '/api/kiosks',
    summary: "Enrol this device as a team's kiosk",
    body: enrolKioskRequest,
    answer: enrolKioskData,
    status: 201,
  }),
  kiosksRevoke: defineRoute({ method: 'POST', path: '/api/kiosks/:kioskId/revoke', summary: 'Revoke a kiosk', params: kioskParams, answer: kioskSummary }),
  kioskPin: defineRoute({ method: 'GET', path: '/api/kiosk-pin', summary: 'Whether the member has a kiosk PIN', answer: kioskPinStatusData }),
  setKioskPin: defineRoute({
    method: 'POST',
    path: '/api/kiosk-pin',
    summary: "Set the member's kiosk PIN",
    body: setKioskPinRequest,
    answer: z.null(),
    status: 201,
  }),
  kioskRoster: defineRoute({ method: 'GET', path: '/api/kiosk/roster', summary: "The kiosk team's people to sign in", answer: kioskRosterData }),
  kioskBadge: defineRoute({
    method: 'POST',
    path: '/api/kiosk/badge',
    summary: "The kiosk team's member a scanned badge names (then their PIN)",
    body: kioskBadgeRequest,
    answer: kioskRosterMember,
  }),
  kioskSignIn: defineRoute({
    method: 'POST',
    path: '/api/kiosk/sign-in',
    summary: 'Sign a person in on a kiosk with their PIN',
    body: kioskSignInRequest,
    answer: kioskSignInData,
  }),
  kioskPracticalStations: defineRoute({
    method: 'GET',
    path: '/api/kiosk/practical-checks/stations',
    summary: "The stations with a checklist, the kiosk team's people assigned to them and who may sign them off",
    answer: kioskPracticalStationsData,
  }),
  kioskPracticalPhoto: defineRoute({
    method: 'POST',
    path: '/api/kiosk/practical-checks/photos',
    summary: "A photo of a practical check's step (re-encoded; field photo)",
    upload: true,
    answer: practicalPhotoData,
    status: 201,
  }),
  kioskPracticalCheck: defineRoute({
    method: 'POST',
    path: '/api/kiosk/practical-checks',
    summary: "Record a practical check observed on the kiosk, confirmed by the operator's and the trainer's PINs",
    body: kioskPracticalCheckRequest,
    answer: practicalCheckRecord,
    status: 201,
  }),
  kiosksUnlock: defineRoute({
    method: 'POST',
    path: '/api/kiosks/:kioskId/unlock',
    summary: 'Unlock a kiosk locked by wrong PINs',
    params: kioskParams,
    answer: z.null(),
  }),
  kioskPersonUnlock: defineRoute({
    method: 'POST',
    path: '/api/kiosk-locks/:userId/unlock',
    summary: 'Unlock a person locked out of kiosks by wrong PINs',
    params: z.object({ userId: idParam }),
    answer: z.null(),
  }),
});
