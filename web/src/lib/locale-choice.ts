import { isLocale, type Locale, routes } from '@mm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from './api-client.ts';
import { activeLocale, changeLocale, initialLocale } from './i18n.ts';
import { notifyError } from './notify.ts';
import { profileQueryOptions } from './profile.ts';
import { type Session, useSession } from './session.ts';

const onKiosk = (session: Session | null) => session?.kioskIdleSeconds !== undefined;

/**
 * Chooses the language from a switcher: shown at once; a member's own choice is saved on their profile (the server
 * then writes to them in it); on a shared kiosk it holds for this session only; a visitor's stays on this browser.
 */
export function useChooseLocale(): { locale: Locale; choose: (locale: Locale | null) => Promise<void> } {
  const session = useSession();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : activeLocale();
  /** `null` (the account page's "organization's default"): the profile's answer then names the language to show. */
  const choose = async (next: Locale | null) => {
    const kiosk = onKiosk(session);
    if (next) await changeLocale(next, { remember: !kiosk });
    if (!session || kiosk || session.isGuestUser) return;
    try {
      await apiRequest(routes.setLocale, { body: { locale: next } });
      const profile = await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
      if (!next) await changeLocale(profile.organization_locale ?? initialLocale());
    } catch (error) {
      notifyError(error);
    }
  };
  return { locale, choose };
}

/**
 * Follows the signed-in member's language: their own, else their organization's default (a kiosk session starts in
 * it and keeps what its switcher picks); after sign-out, back to this browser's language.
 */
export function LocaleSync() {
  const session = useSession();
  const signedIn = session !== null && !session.isGuestUser;
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn }).data;
  const preferred = signedIn ? (profile?.locale ?? profile?.organization_locale ?? null) : null;
  const kiosk = onKiosk(session);
  const userId = session?.userId ?? null;
  useEffect(() => {
    if (userId === null) {
      const browser = initialLocale();
      if (browser !== activeLocale()) void changeLocale(browser);
      return;
    }
    if (preferred && preferred !== activeLocale()) void changeLocale(preferred, { remember: !kiosk });
    // Once per member and preference: a kiosk switcher's later choice is not undone.
  }, [userId, preferred, kiosk]);
  return null;
}
