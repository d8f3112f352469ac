import { describe, expect, it } from 'vitest';
import { catalogTranslator } from '../../../lib/i18n-catalogs.test-helper.ts';
import { pageAt, pageCount, skipOf, skipWithin } from './studio-list.ts';

describe("the studio list's paging", () => {
  it('counts pages from 1 over skip and take', () => {
    expect(pageCount(0, 24)).toBe(0);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(501, 24)).toBe(21);
    expect(pageAt(0, 24)).toBe(1);
    expect(pageAt(48, 24)).toBe(3);
    expect(skipOf(3, 24)).toBe(48);
    expect(skipOf(0, 24)).toBe(0);
  });

  it('falls back to the last page there is when the page asked for is left empty', () => {
    // 49 lessons, on the third page (one lesson): it is deleted, the second page shows.
    expect(skipWithin(48, 49, 24)).toBe(48);
    expect(skipWithin(48, 48, 24)).toBe(24);
    expect(skipWithin(480, 30, 24)).toBe(24);
    expect(skipWithin(24, 0, 24)).toBe(0);
  });

  it('names its controls and its count in English and Spanish', async () => {
    const [en, es] = [await catalogTranslator('en', 'studio'), await catalogTranslator('es', 'studio')];
    expect(en('list.count', { count: 501 })).toBe('501 lessons');
    expect(es('list.count', { count: 1 })).toBe('1 lección');
    expect(en('list.pageControl.next')).toBe('Next page');
    expect(es('list.pageControl.next')).toBe('Página siguiente');
    expect(es('list.sorts.title')).toBe('Título (de la A a la Z)');
    expect(es('list.page', { page: 3 })).toBe('Página 3');
  });
});
