import {
  CERTIFICATE_MESSAGES,
  DASHBOARD_MESSAGES,
  DEFAULT_LOCALE,
  KIOSK_MESSAGES,
  LOCALES,
  NEED_SUBSCRIPTION_MESSAGE,
  ORGANIZATION_MESSAGES,
  PAYMENT_SESSION_MISSING,
  REGISTRATION_MESSAGES,
  SHARING_MESSAGES,
} from '@mm/contract';
import { describe, expect, it } from 'vitest';
import { SHELL_NAMESPACES } from '../lib/i18n.ts';
import { catalogFiles, catalogTranslator } from '../lib/i18n-catalogs.test-helper.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** "a.b_one" for every leaf of a message file. */
function leaves(messages: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leaves(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const catalog = (locale: string, ns: string) => catalogFiles[`../locales/${locale}/${ns}.json`];
const folders = [...new Set(Object.keys(catalogFiles).map((file) => file.split('/')[2]))].sort();
/** Every namespace: a file of any language (each language must then have it too). */
const NAMESPACES = [...new Set(Object.keys(catalogFiles).map((file) => (file.split('/')[3] as string).replace('.json', '')))].sort();

describe('message catalogs', () => {
  it('has a folder for every language the platform speaks, and a file for every namespace in each', () => {
    expect(folders).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) for (const ns of [...NAMESPACES, ...SHELL_NAMESPACES]) expect(catalog(locale, ns), `${locale}/${ns}.json`).toBeDefined();
  });

  it('has every key of every language in every other (plural forms as the language needs them)', () => {
    for (const ns of NAMESPACES) {
      const base = (locale: string) => [...new Set(leaves(catalog(locale, ns) ?? {}).map((k) => k.replace(PLURAL, '')))].sort();
      for (const locale of LOCALES) {
        expect(base(locale), `${locale}/${ns}.json against ${DEFAULT_LOCALE}/${ns}.json`).toEqual(base(DEFAULT_LOCALE));
        const keys = new Set(leaves(catalog(locale, ns) ?? {}));
        const plurals = [...new Set([...keys].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))];
        for (const key of plurals) {
          for (const category of new Intl.PluralRules(locale).resolvedOptions().pluralCategories) {
            expect(keys.has(`${key}_${category}`), `${locale}/${ns}.json: ${key}_${category}`).toBe(true);
          }
        }
      }
    }
  });

  it('leaves no message empty and keeps each message’s placeholders in every language', () => {
    for (const ns of NAMESPACES) {
      const english = Object.fromEntries(leaves(catalog(DEFAULT_LOCALE, ns) ?? {}).map((k) => [k.replace(PLURAL, ''), k]));
      for (const locale of LOCALES) {
        for (const key of leaves(catalog(locale, ns) ?? {})) {
          const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog(locale, ns));
          expect(typeof value === 'string' && value.trim() !== '', `${locale}/${ns}: ${key}`).toBe(true);
          const enKey = english[key.replace(PLURAL, '')];
          const enValue = enKey?.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog(DEFAULT_LOCALE, ns));
          const names = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
          // A plural's "one" may say the number in words; otherwise the same placeholders.
          if (!/_one$/.test(key)) expect(new Set(names(value)), `${locale}/${ns}: ${key}`).toEqual(new Set(names(enValue)));
        }
      }
    }
  });

  it('names no link in a message after an HTML void element (the Trans parser would drop the link’s text)', () => {
    // html-parse-stringify, which reads <tag>…</tag> in messages for Trans, closes void elements at once: <link>x</link> renders an empty link.
    const VOID = /<(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/;
    for (const file of Object.keys(catalogFiles)) {
      for (const key of leaves(catalogFiles[file] ?? {})) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogFiles[file]);
        expect(String(value), `${file}: ${key}`).not.toMatch(VOID);
      }
    }
  });

  it('says the specification’s texts byte for byte in English', async () => {
    const home = await catalogTranslator('en', 'home');
    expect(home('ranking.first')).toBe('You are in 1º place, congratulations!');
    expect(home('path.available')).toBe(CERTIFICATE_MESSAGES.categoryAvailable);
    expect(home('path.lockedReason')).toBe(CERTIFICATE_MESSAGES.categoryLocked);
    expect(home('summary', { done: 2, total: 5, percent: 40 })).toBe('2 COMPLETED / 5 TO GO - 40% COMPLETED');
    expect(home('loading.title')).toBe('Welcome to Manufacturing Masters, Please sign in');
    const browse = await catalogTranslator('en', 'browse');
    expect(browse('locked.reason')).toBe(CERTIFICATE_MESSAGES.categoryLocked);
    expect(browse('showing', { shown: 20, count: 45 })).toBe('Showing 20 of 45 videos');
    expect(browse('videos', { count: 1 })).toBe('1 video');
    const auth = await catalogTranslator('en', 'auth');
    for (const [key, text] of Object.entries(REGISTRATION_MESSAGES)) expect(auth(`register.errors.${key}`)).toBe(text);
    const dashboard = await catalogTranslator('en', 'dashboard');
    for (const key of ['alertSent', 'alertFailed', 'broadcastSent', 'desktopOnly'] as const) expect(dashboard(key)).toBe(DASHBOARD_MESSAGES[key]);
    const sharing = await catalogTranslator('en', 'sharing');
    for (const key of ['shared', 'noRecipient', 'noPlan'] as const) expect(sharing(`toasts.${key}`)).toBe(SHARING_MESSAGES[key]);
    expect(sharing('watch.heading')).toBe(SHARING_MESSAGES.sharingText);
    // The link's tags taken out, the spec's sentence.
    expect(sharing('watch.expired').replace(/<\/?signUp>/g, '')).toBe(SHARING_MESSAGES.expired);
    const organization = await catalogTranslator('en', 'organization');
    expect(organization('path.requiredCategory')).toBe(ORGANIZATION_MESSAGES.requiredCategory);
    expect(organization('path.oneVideo')).toBe(ORGANIZATION_MESSAGES.oneVideo);
    expect(organization('path.previewFailed')).toBe('Erro ao buscar video');
    expect(organization('path.sortedTeam', { name: 'Line 2' })).toBe('Great! Team Line 2 Categories sorted successfully!');
    expect(organization('teams.memberCount', { count: 1 })).toBe('1 member');
    const billing = await catalogTranslator('en', 'billing');
    expect(billing('needed.subscription.text')).toBe(NEED_SUBSCRIPTION_MESSAGE);
    expect(billing('plans.payNow')).toBe('pay now');
    expect(billing('payment.noSessionText')).toBe(PAYMENT_SESSION_MISSING);
    expect(billing('plans.accounts', { count: 1 })).toBe('1 account');
    expect(billing('plans.accounts', { count: 1000 })).toBe('1,000 accounts');
    const account = await catalogTranslator('en', 'account');
    for (const key of ['pinFormat', 'pinTooSimple', 'pinMismatch', 'pinSaved'] as const) expect(account(`pin.messages.${key}`)).toBe(KIOSK_MESSAGES[key]);
  });
});

describe('Spanish glossary', () => {
  it('says puesto for a station and instructor for a trainer in every Spanish file', () => {
    const offending: string[] = [];
    for (const file of Object.keys(catalogFiles).filter((f) => f.startsWith('../locales/es/'))) {
      for (const key of leaves(catalogFiles[file] ?? {})) {
        const value = String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogFiles[file]));
        if (/\b(estaci[oó]n|estaciones|capacitador(a|es|as)?)\b/iu.test(value)) offending.push(`${file}: ${key}: ${value}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
