import { describe, expect, it } from 'vitest';
import { catalogTranslator } from '../../../lib/i18n-catalogs.test-helper.ts';

/** The studio's screens' source, to find labels put together in code. */
const sources = import.meta.glob<string>('../**/*.tsx', { eager: true, query: '?raw', import: 'default' });

describe("studio lesson cards' accessible names", () => {
  it('come whole from the message files: none is a translated word joined to the title in code', () => {
    expect(Object.keys(sources)).toContain('../pages/studio-page.tsx');
    const composed = Object.entries(sources).flatMap(([file, text]) => [...text.matchAll(/aria-label=\{`[^`]*`\}/g)].map((m) => `${file}: ${m[0]}`));
    expect(composed).toEqual([]);
  });

  it('say the action and the lesson in each language, English as before', async () => {
    const title = 'Press 3 die change';
    const [studioEn, studioEs] = [await catalogTranslator('en', 'studio'), await catalogTranslator('es', 'studio')];
    expect(studioEn('manage.editLabel', { title })).toBe('Edit details: Press 3 die change');
    expect(studioEn('manage.unpublishLabel', { title })).toBe('Unpublish: Press 3 die change');
    expect(studioEn('manage.deleteLabel', { title })).toBe('Delete: Press 3 die change');
    expect(studioEn('revisions.openLabel', { title })).toBe('Revisions: Press 3 die change');
    expect(studioEs('manage.editLabel', { title })).toBe('Editar los datos de «Press 3 die change»');
    expect(studioEs('manage.deleteLabel', { title })).toBe('Eliminar «Press 3 die change»');
    expect(studioEs('captions.addLabel', { title })).toBe('Agregar subtítulos (.vtt) a «Press 3 die change»');
    expect(studioEs('revision.uploadLabel', { title })).toBe('Subir el nuevo video de «Press 3 die change»');
    expect((await catalogTranslator('es', 'studio-script'))('edit.openLabel', { title })).toBe('Guion de «Press 3 die change»');
    expect((await catalogTranslator('es', 'captions-editor'))('openLabel', { title })).toBe('Editar los subtítulos de «Press 3 die change»');
  });
});
