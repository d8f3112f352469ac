import { CONFIRMATION_MESSAGES } from '@mm/contract';
import { useEffect } from 'react';
import { notifyErrorMessage, notifySuccess } from '../lib/notify.ts';

/**
 * The registration's confirmation link lands on /?email_confirmed=1 (or 0): says how it went once, then drops
 * the parameter so a reload does not say it again.
 */
export function EmailConfirmationNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('email_confirmed');
    if (outcome === null) return;
    if (outcome === '1') notifySuccess(CONFIRMATION_MESSAGES.confirmed);
    else notifyErrorMessage(CONFIRMATION_MESSAGES.linkInvalid);
    url.searchParams.delete('email_confirmed');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return null;
}
