import { getSession } from '../../../lib/session.ts';

/** A station of the caller's own organization (the server refuses any other). */
export const stationParams = (stationId: number) => ({ orgId: getSession()?.organizationId ?? 0, stationId });

/** A station's floor verdict: read again once a sign-off is asked for. */
export const floorKey = (stationId: number) => ['station-floor', stationId] as const;
