import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';

let platform: TestPlatform;
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">hi</p>',
  '<body onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<div style="width: expression(alert(1))">x</div>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
];

beforeAll(async () => {
  platform = await startPlatform();
  const t = Date.now();
  await platform.ctx.db
    .insertInto('pages')
    .values([
      {
        unique_id: 'terms',
        page_type: 'terms',
        title: 'Terms of service',
        description: '<h2>Terms</h2><p>Be <strong>fair</strong>.</p><script>steal()</script>',
        created_at: t,
        updated_at: t,
      },
      {
        unique_id: 'help',
        page_type: 'help',
        title: 'Help',
        description: '<a href="https://example.com" target="_blank">Guide</a>',
        created_at: t,
        updated_at: t,
      },
    ])
    .execute();
  await platform.ctx.db
    .insertInto('faqs')
    .values([
      { question: 'Can I cancel?', answer: '<p>Yes, <em>anytime</em>.</p><img src=x onerror=alert(1)>', sort: 0, created_at: t, updated_at: t },
      { question: 'How many videos?', answer: '<p>500+</p>', sort: 1, created_at: t, updated_at: t },
    ])
    .execute();
});
afterAll(() => platform.close());

describe('sanitizeHtml', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const clean = sanitizeHtml(payload).toLowerCase();
    expect(clean).not.toMatch(/<script|<iframe|<object|<svg|<img|<style|<link|<meta|<form|<body/);
    expect(clean).not.toMatch(/\son\w+\s*=/);
    expect(clean).not.toMatch(/javascript:|data:text|expression\(/);
  });

  it('keeps formatting and safe links, and isolates new tabs', () => {
    expect(sanitizeHtml('<h2>Title</h2><p>A <strong>b</strong> <a href="https://x.example/a">c</a></p><ul><li>d</li></ul>')).toBe(
      '<h2>Title</h2><p>A <strong>b</strong> <a href="https://x.example/a">c</a></p><ul><li>d</li></ul>',
    );
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('GET /api/pages/list', () => {
  it('lists the pages without signing in', async () => {
    const res = await platform.api('GET', '/api/pages/list');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { unique_id: 'terms', page_type: 'terms', title: 'Terms of service' },
      { unique_id: 'help', page_type: 'help', title: 'Help' },
    ]);
  });

  it('answers one page by unique_id, sanitized even when stored unsafe', async () => {
    const res = await platform.api('GET', '/api/pages/list', { query: { unique_id: 'terms' } });
    expect(res.body.data).toEqual({
      unique_id: 'terms',
      page_type: 'terms',
      title: 'Terms of service',
      description: '<h2>Terms</h2><p>Be <strong>fair</strong>.</p>',
    });
  });

  it('answers 404 for an unknown page and 400 for a malformed id', async () => {
    const missing = await platform.api('GET', '/api/pages/list', { query: { unique_id: 'nope' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error_messages).toBe('This page does not exist.');
    expect((await platform.api('GET', '/api/pages/list', { query: { unique_id: 'x'.repeat(61) } })).status).toBe(400);
  });
});

describe('GET /api/faqs/list', () => {
  it('answers data.data in order with sanitized answers', async () => {
    const res = await platform.api('GET', '/api/faqs/list');
    expect(res.status).toBe(200);
    expect(res.body.data.data.map((f: { question: string }) => f.question)).toEqual(['Can I cancel?', 'How many videos?']);
    expect(res.body.data.data[0].answer).toBe('<p>Yes, <em>anytime</em>.</p>');
  });
});
