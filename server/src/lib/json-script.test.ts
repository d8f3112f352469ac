import { describe, expect, it } from 'vitest';
import { jsonScriptElement } from './json-script.ts';

describe('jsonScriptElement', () => {
  it('holds the value so that no text in it ends the element, and reads back the same', () => {
    const value = { title: 'Lean </script><script>alert(1)</script> <!-- & "more"', n: 3 };
    const element = jsonScriptElement('data', value);
    const inner = /^<script type="application\/json" id="data">(.*)<\/script>$/s.exec(element)?.[1] ?? '';
    expect(inner).not.toContain('<');
    expect(JSON.parse(inner)).toEqual(value);
  });
});
