import { describe, expect, it } from 'vitest';
import { titleSourceHash, titleState } from './title-translations.rules.ts';

const english = { title: 'Lockout/Tagout Fundamentals', description: 'The six steps.' };
const draft = (sourceHash: string | null, origin = 'machine') => ({
  ...english,
  translated_title: 'Fundamentos',
  translated_description: '',
  origin,
  source_hash: sourceHash,
});

describe('a translated title', () => {
  it('is none without a row, the author\u2019s whatever the English, a machine draft only of the current English', () => {
    expect(titleState({ ...english, translated_title: null, translated_description: null, origin: null, source_hash: null })).toBe('none');
    expect(titleState(draft(null, 'author'))).toBe('author');
    expect(titleState(draft(titleSourceHash(english.title, english.description)))).toBe('machine');
    expect(titleState(draft(titleSourceHash('Lockout/Tagout Basics', english.description)))).toBe('out of date');
    expect(titleState(draft(titleSourceHash(english.title, 'Six steps.')))).toBe('out of date');
  });
});
