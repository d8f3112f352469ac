import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, isLocale, type Locale, pickLocale } from '@mm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';

/**
 * The server's languages (issue 40): one folder per language under `server/locales/`, one JSON file per namespace.
 * - `messages`: the envelope's texts (error messages, success messages), keyed by their English text, so English is
 *   the key itself and the specification's quoted texts go out byte for byte; a text without a translation goes out
 *   in English.
 * - `mail`, `certificate`, `audit`, `qr`, `notices`: the e-mails, the certificate PDF, the audit pack (and the evidence
 *   chain's findings), the QR sheets and the in-app notices, keyed by name, English in `en/`.
 */
const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

function readCatalogs(): Record<string, Record<string, Record<string, string>>> {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const locale of readdirSync(LOCALES_DIR)) {
    if (!isLocale(locale)) continue;
    resources[locale] = {};
    for (const file of readdirSync(path.join(LOCALES_DIR, locale)).filter((f) => f.endsWith('.json'))) {
      resources[locale][file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, file), 'utf8'));
    }
  }
  return resources;
}

const i18n = i18next.createInstance();
void i18n.init({
  resources: readCatalogs(),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  ns: ['messages', 'mail', 'certificate', 'audit', 'qr', 'notices'],
  defaultNS: 'mail',
  initAsync: false,
  // Texts are keyed by sentences (messages) or names with dots nowhere: no nesting, no namespace prefix in keys.
  keySeparator: false,
  nsSeparator: false,
  // E-mails escape their own HTML; the PDF is not HTML.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

/** A translator bound to a language, for an e-mail, a PDF or a notice. */
export function translator(locale: Locale, ns: 'mail' | 'certificate' | 'audit' | 'qr' | 'notices'): TFunction {
  return i18n.getFixedT(locale, ns);
}

/** An envelope text in `locale`: its translation when the catalog has one, else the English text unchanged. */
export function translateMessage(message: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !message) return message;
  return i18n.t(message, { lng: locale, ns: 'messages', defaultValue: message, interpolation: { skipOnVariables: true } });
}

/**
 * A success message with values in it, in `locale`: `template` is the English text with {{placeholders}}, which is
 * also its key in the `messages` catalog, so an English caller gets exactly the sentence the code says. The filled
 * text goes through the envelope's translation unchanged (no catalog key is a filled sentence).
 */
export function fillMessage(template: string, values: Record<string, string | number>, locale: Locale): string {
  const english = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  if (locale === DEFAULT_LOCALE) return english;
  return i18n.t(template, { lng: locale, ns: 'messages', defaultValue: english, ...values });
}

/** A day (UTC) in a message: ISO (2027-01-05) in English, the specification's form; the language's long date otherwise. */
export function messageDay(ms: number, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return new Date(ms).toISOString().slice(0, 10);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
}

/**
 * A wait in words in `locale`, for a refusal that says when to try again: seconds under two minutes ("59 seconds",
 * "59 segundos"), else whole minutes rounded up ("1 hour and 5 minutes", "1 hora y 5 minutos"), else, from a day on,
 * whole hours ("2 days and 3 hours"); never less than one second.
 */
export function spokenWait(seconds: number, locale: Locale): string {
  const unit = (n: number, name: 'day' | 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(n);
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return unit(s, 'second');
  const parts: string[] = [];
  if (s < 86_400) {
    const minutes = Math.ceil(s / 60);
    if (minutes >= 60) parts.push(unit(Math.floor(minutes / 60), 'hour'));
    if (minutes % 60 > 0) parts.push(unit(minutes % 60, 'minute'));
  } else {
    const hours = Math.ceil(s / 3600);
    parts.push(unit(Math.floor(hours / 24), 'day'));
    if (hours % 24 > 0) parts.push(unit(hours % 24, 'hour'));
  }
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
}

/** The language a recipient reads (their own, else their organization's default, else English). */
export function recipientLocale(own: string | null | undefined, organizationDefault?: string | null): Locale {
  if (isLocale(own)) return own;
  if (isLocale(organizationDefault)) return organizationDefault;
  return DEFAULT_LOCALE;
}

/** Every namespace's keys per language, for the catalog parity test. */
export function catalogKeys(): Record<string, Record<string, string[]>> {
  const resources = readCatalogs();
  return Object.fromEntries(Object.entries(resources).map(([l, nss]) => [l, Object.fromEntries(Object.entries(nss).map(([ns, c]) => [ns, Object.keys(c)]))]));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in: the caller's (auth sets it), else Accept-Language, else English. */
    locale: Locale;
  }
}

/** Every request starts in the language its Accept-Language asks for; auth refines it for a signed-in caller. */
export function registerRequestLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  // Callback hooks: they run on every call and need no promise of their own.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = acceptedLocale(request) ?? DEFAULT_LOCALE;
    done();
  });
  // Success messages (`ok(data, message)`) in the request's language.
  app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (request.locale === DEFAULT_LOCALE || !isEnvelopeWithMessage(payload)) return done(null, payload);
    done(null, { ...payload, message: translateMessage(payload.message, request.locale) });
  });
}

export function acceptedLocale(request: FastifyRequest): Locale | null {
  return pickLocale(request.headers['accept-language']);
}

function isEnvelopeWithMessage(payload: unknown): payload is { success: true; message: string } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { success?: unknown }).success === true &&
    typeof (payload as { message?: unknown }).message === 'string'
  );
}
