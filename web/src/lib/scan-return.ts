/**
 * A printed QR label opens a video or station page on a phone that is often signed out: sign-in then continues to
 * that page rather than home. Only these shapes are followed, so no link can send a sign-in anywhere else.
 */
const SCANNED_PAGE = /^\/(video|station)\/[\w-]{1,64}$/;

export type ScanReturnState = { next: string };

export function scanReturnState(pathname: string): ScanReturnState | undefined {
  return SCANNED_PAGE.test(pathname) ? { next: pathname } : undefined;
}

export function scanReturnPath(state: unknown): string | null {
  const next = (state as Partial<ScanReturnState> | null)?.next;
  return typeof next === 'string' && SCANNED_PAGE.test(next) ? next : null;
}
