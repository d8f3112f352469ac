import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectVisible, newPage, useStack, WIDTHS } from './harness.ts';

// Issue 18's first page: compressed, long-cached build assets; the banner poster preloaded by the page
// itself; hls.js and the landing's streams fetched only when a visitor plays a clip, zod not at all.
describe('the first page loads light', () => {
  const env = useStack();

  it('serves the build compressed with brotli or gzip, hashed assets cached for a year and the page itself revalidated', async () => {
    const page = await fetch(`${env.stack.baseUrl}/`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    for (const encoding of ['br', 'gzip']) {
      const asset = await fetch(`${env.stack.baseUrl}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-encoding')).toBe(encoding);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const plain = await fetch(`${env.stack.baseUrl}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(1000);
  });

  it('holds the landing and preloads the banner poster it then shows, and loads no stream until a clip is played', async () => {
    const html = await (await fetch(`${env.stack.baseUrl}/`)).text();
    const preloaded = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(html)?.[1];
    // The designed still behind the headline (small, sized: no layout shift), not the hero's plain opening card.
    expect(preloaded).toBe('/landing-hero.webp');
    const still = await fetch(`${env.stack.baseUrl}${preloaded}`);
    expect(still.headers.get('content-type')).toBe('image/webp');
    expect((await still.arrayBuffer()).byteLength).toBeLessThan(20_000);
    // The landing's answer is in the page too, as /api/landing gives it.
    const inPage = /<script type="application\/json" id="mm-landing-data">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(inPage ?? 'null')).toEqual((await (await fetch(`${env.stack.baseUrl}/api/landing`)).json()).data);

    const page = await newPage(env.browser, env.stack, WIDTHS.mobile);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    const banner = page.getByTestId('landing-video').first();
    await expectVisible(banner);
    const shown = page.locator('.mm-landing-banner img').first();
    expect(await shown.getAttribute('src')).toBe(preloaded);
    expect([await shown.getAttribute('width'), await shown.getAttribute('height')]).toEqual(['960', '360']);
    expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(960);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => p.endsWith('.m3u8') || p.endsWith('.ts') || /\/hls-[\w-]+\.js$/.test(p))).toEqual([]);
    // The banner was painted from the page's own copy of the landing; the page chunk came with the shell.
    expect(requested.filter((p) => p === '/api/landing' || /\/landing-page-[\w-]+\.js$/.test(p))).toEqual([]);
    // Form validation (zod, with the contract's schemas) is for the pages with forms: no script of the landing holds it.
    const scripts = requested.filter((p) => p.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    let gzipBytes = 0;
    for (const script of scripts) {
      const text = await (await fetch(`${env.stack.baseUrl}${script}`)).text();
      expect(text).not.toContain('"invalid_type"');
      gzipBytes += gzipSync(text, { level: 9 }).length;
    }
    // Issue 40: every script the landing runs, the message files of its language included, at most 200 KB gzip
    // (the member side, the FAQ dialog and the language list load when they are needed).
    expect(gzipBytes, scripts.join(', ')).toBeLessThanOrEqual(200 * 1024);

    await page
      .getByRole('button', { name: /^Play the preview: / })
      .first()
      .click();
    await page.waitForFunction(() => ((document.querySelector('[data-testid="landing-video"]') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.3, null, {
      timeout: 15_000,
    });
    expect(requested.some((p) => p.endsWith('master.m3u8'))).toBe(true);
    await page
      .getByRole('button', { name: /^Pause the preview: / })
      .first()
      .click();
    expect(await banner.evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
    await page.context().close();
  });
});
