import { DEFAULT_LOCALE, isLocale, type Locale, pickLocale } from '@mm/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The app's languages (issue 40). Each language is a folder of message files, one per namespace
 * (`locales/<code>/<namespace>.json`); only the active language's files are loaded (one chunk per file).
 * The shell's namespaces load before the first render: the header, the sign-in and the landing for everyone, and for a
 * browser that keeps a session also home, browsing the catalog and the kiosk bar (a visitor's first page needs none of
 * those). Every other namespace loads with the first screen that asks for it (`useTranslation(ns)` suspends
 * meanwhile), through a map of files in a chunk of its own: a new namespace costs the first script nothing.
 * The pseudo-locale wraps every translated text in `[!! … !!]` so a Chromium walk finds text that did not come from
 * the catalogs; it is switched on only by the `mm-pseudo-locale` key a test puts in localStorage.
 */
const shellCatalogs = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/{common,auth,public,home,kiosk,browse}.json');
const VISITOR_NAMESPACES = ['common', 'auth', 'public'];
export const SHELL_NAMESPACES = [...VISITOR_NAMESPACES, 'home', 'kiosk', 'browse'];
const STORED_LOCALE = 'mm-locale';
const PSEUDO_LOCALE = 'mm-pseudo-locale';

const catalogBackend = {
  type: 'backend',
  init() {},
  read(locale: string, ns: string, done: (error: unknown, messages?: Record<string, unknown>) => void) {
    const file = `../locales/${locale}/${ns}.json`;
    (shellCatalogs[file]?.() ?? import('./i18n-catalogs.ts').then((m) => m.loadCatalog(file))).then((m) => done(null, m.default), done);
  },
} as const;

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The language a visitor sees first: the one chosen on this browser, else the browser's own, else English. */
export function initialLocale(): Locale {
  const stored = readStored(STORED_LOCALE);
  if (isLocale(stored)) return stored;
  return pickLocale(typeof navigator === 'undefined' ? null : navigator.languages) ?? DEFAULT_LOCALE;
}

/** Starts i18next in the initial language; the first render waits for its catalogs (a member's shell too when `signedIn`). */
export async function startI18n({ locale = initialLocale(), signedIn }: { locale?: Locale; signedIn: boolean }): Promise<void> {
  const pseudo = readStored(PSEUDO_LOCALE) === '1';
  await i18next
    .use(initReactI18next)
    .use(catalogBackend)
    .use({ type: 'postProcessor', name: 'pseudo', process: (value: string) => `[!!${value}!!]` })
    .init({
      lng: locale,
      // Every language has every key (locales.test.ts): no second language is loaded as a fallback.
      fallbackLng: false,
      ns: signedIn ? SHELL_NAMESPACES : VISITOR_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      postProcess: pseudo ? ['pseudo'] : [],
      returnNull: false,
    });
  document.documentElement.lang = locale;
}

/** The language shown now. */
export function activeLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

/**
 * Shows the app in `locale` (its catalogs loaded first) and sets `<html lang>`. `remember` keeps the choice on this
 * browser for the next visit; a kiosk session's choice is not remembered (the tablet's next member starts afresh).
 */
export async function changeLocale(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
  // Loads every namespace loaded so far in the new language first (i18next keeps their list).
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (remember) {
    try {
      localStorage.setItem(STORED_LOCALE, locale);
    } catch {}
  }
}
