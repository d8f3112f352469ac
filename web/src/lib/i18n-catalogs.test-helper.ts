import { LOCALES, type Locale } from '@mm/contract';
import i18next, { type TFunction } from 'i18next';

/** Every message file of every language, read eagerly for the tests (the app loads only the active language's). */
export const catalogFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

/** A `t` of one namespace and language over the real catalogs, for unit tests of functions that take one. */
export async function catalogTranslator<const Ns extends string>(locale: Locale, ns: Ns): Promise<TFunction<Ns>> {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    LOCALES.map((l) => [
      l,
      Object.fromEntries(
        Object.entries(catalogFiles).flatMap(([file, messages]) =>
          file.startsWith(`../locales/${l}/`) ? [[file.split('/').pop()!.replace('.json', ''), messages]] : [],
        ),
      ),
    ]),
  );
  await instance.init({ lng: locale, resources, fallbackLng: false, interpolation: { escapeValue: false } });
  return instance.getFixedT(locale, ns) as TFunction<Ns>;
}
