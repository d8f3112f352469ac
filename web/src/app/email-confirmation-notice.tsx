import { useEffect } from 'react';
import { notifyErrorMessage, notifySuccess } from '../lib/notify.ts';

const CONFIRMED = 'Thank you: your e-mail address is confirmed. You can now invite your team.';
const LINK_INVALID = 'This confirmation link has expired or was already used.';

/**
 * The registration's confirmation link lands on /?email_confirmed=1 (or 0): says how it went once, then drops
 * the parameter so a reload does not say it again.
 */
export function EmailConfirmationNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('email_confirmed');
    if (outcome === null) return;
    if (outcome === '1') notifySuccess(CONFIRMED);
    else notifyErrorMessage(LINK_INVALID);
    url.searchParams.delete('email_confirmed');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return null;
}
