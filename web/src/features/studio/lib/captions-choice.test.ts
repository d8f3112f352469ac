import { describe, expect, it } from 'vitest';
import { catalogTranslator } from '../../../lib/i18n-catalogs.test-helper.ts';
import { choiceOf, choiceValue } from './captions-choice.ts';

describe("the captions editor's choice of a track or a narrated version", () => {
  it('tells the Spanish version from the lesson’s own Spanish track', () => {
    expect(choiceOf(choiceValue({ version: 'es' }) as string)).toEqual({ version: 'es' });
    expect(choiceOf('es')).toEqual({ lang: 'es' });
    expect(choiceValue({ lang: 'es' })).toBe('es');
    // A version the studio does not make is a language like any other.
    expect(choiceOf('version:fr')).toEqual({ lang: 'version:fr' });
  });

  it('names the Spanish version and its machine lines in English and Spanish', async () => {
    const [en, es] = [await catalogTranslator('en', 'captions-editor'), await catalogTranslator('es', 'captions-editor')];
    expect(en('tracks.versionOption', { language: 'Spanish (es)' })).toBe('Spanish (es) · narrated version');
    expect(es('tracks.versionOption', { language: 'español (es)' })).toBe('español (es) · versión narrada');
    expect(en('cue.machine')).toBe('Machine translation');
    expect(es('cue.machine')).toBe('Traducción automática');
    for (const key of ['tracks.versions', 'review.versionHint', 'cue.machineOf']) {
      expect(en(key, { number: 2 })).not.toBe(key);
      expect(es(key, { number: 2 })).not.toBe(key);
    }
  });
});
