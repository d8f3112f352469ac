import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** A missing item (404) is shown on the page; a lost connection offers a retry. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The server refuses a category the member's learning path keeps locked (403 with the spec's locked text). */
export function isLocked(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'category_locked';
}

/**
 * Category, sub-category and view-all calls that the server refuses sign the member out
 * (member spec, section 8), except a missing item, a locked category or a lost connection, which the page explains.
 */
export function useSignOutOnFailure(error: unknown): void {
  const navigate = useNavigate();
  const refused = error instanceof ApiError && error.status > 0 && error.status !== 404 && !error.sessionEnded && !isLocked(error);
  useEffect(() => {
    if (refused) navigate(paths.logout, { replace: true });
  }, [refused, navigate]);
}
