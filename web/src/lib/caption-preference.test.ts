import { describe, expect, it } from 'vitest';
import { CAPTIONS_OFF, openingCaptionLang } from './caption-preference.ts';

const store = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });
const tracks = [{ lang: 'en' }, { lang: 'es' }];

describe('the captions a video opens with', () => {
  it('is the app language’s track when the member has not chosen (Spanish), off for English', () => {
    expect(openingCaptionLang(7, tracks, 'es', store({}))).toBe('es');
    expect(openingCaptionLang(7, tracks, 'en', store({}))).toBe(CAPTIONS_OFF);
    expect(openingCaptionLang(7, [{ lang: 'en' }], 'es', store({}))).toBe(CAPTIONS_OFF);
  });

  it('is the member’s remembered choice when there is one, off included', () => {
    expect(openingCaptionLang(7, tracks, 'es', store({ 'mm.captions.7': 'off' }))).toBe(CAPTIONS_OFF);
    expect(openingCaptionLang(7, tracks, 'en', store({ 'mm.captions.7': 'es' }))).toBe('es');
    expect(openingCaptionLang(8, tracks, 'en', store({ 'mm.captions.7': 'es' }))).toBe(CAPTIONS_OFF);
  });
});
