import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Oscar Ortiz')).toBe('OO');
    expect(initialsOf('  oscar  de la  ortiz ')).toBe('OO');
    expect(initialsOf('Oscar')).toBe('O');
    expect(initialsOf('Élodie Çelik')).toBe('ÉÇ');
    expect(initialsOf('')).toBe('');
  });
});
