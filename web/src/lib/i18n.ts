import { DEFAULT_LOCALE, isLocale, type Locale, pickLocale } from '@mm/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The app's languages (issue 40). Each language is a folder of message files, one per namespace
 * (`locales/<code>/<namespace>.json`); only the active language's files are loaded (one chunk per file).
 * The pseudo-locale wraps every translated text in `[!! … !!]` so a Chromium walk finds text that did not come from
 * the catalogs; it is switched on only by the `mm-pseudo-locale` key a test puts in localStorage.
 */
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
export const NAMESPACES = [
  'common',
  'home',
  'kiosk',
  'achievements',
  'account',
  'people-import',
  'assessments',
  'studio',
  'integrations',
  'sso',
  'catalog',
  'search',
  'public',
  'auth',
  'toolbox',
] as const;
const STORED_LOCALE = 'mm-locale';
const PSEUDO_LOCALE = 'mm-pseudo-locale';

async function loadLocale(locale: Locale): Promise<void> {
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      if (i18next.hasResourceBundle(locale, ns)) return;
      const load = catalogs[`../locales/${locale}/${ns}.json`];
      if (!load) throw new Error(`No ${ns} messages for ${locale}`);
      i18next.addResourceBundle(locale, ns, (await load()).default);
    }),
  );
}

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

/** Starts i18next in the initial language; the first render waits for its catalogs. */
export async function startI18n(locale: Locale = initialLocale()): Promise<void> {
  const pseudo = readStored(PSEUDO_LOCALE) === '1';
  await i18next
    .use(initReactI18next)
    .use({ type: 'postProcessor', name: 'pseudo', process: (value: string) => `[!!${value}!!]` })
    .init({
      lng: locale,
      // Every language has every key (locales.test.ts): no second language is loaded as a fallback.
      fallbackLng: false,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      postProcess: pseudo ? ['pseudo'] : [],
      returnNull: false,
    });
  await loadLocale(locale);
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
  await loadLocale(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (remember) {
    try {
      localStorage.setItem(STORED_LOCALE, locale);
    } catch {}
  }
}
