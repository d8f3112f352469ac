import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../harness.ts';

let platform: TestPlatform;
let org: Awaited<ReturnType<typeof organizationWithMembers>>;
beforeAll(async () => {
  platform = await startPlatform();
  org = await organizationWithMembers(platform);
});
afterAll(async () => platform?.close());

describe('caching and framing headers', () => {
  it('keep every authenticated API answer out of shared caches, errors included', async () => {
    const answers = [
      await platform.api('GET', '/api/profile', { token: org.member.token }),
      await platform.api('GET', '/api/notices', { token: org.member.token }),
      await platform.api('GET', `/api/organization/${org.organizationId}/teams`, { token: org.superUser.token }),
      await platform.api('GET', `/api/organization/${org.organizationId}/teams`, { token: org.member.token }),
      await platform.api('POST', '/api/changePassword', { token: org.member.token, json: {} }),
    ];
    for (const res of answers) expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('forbid framing of pages: frame-ancestors none and X-Frame-Options DENY', async () => {
    for (const path of ['/', '/home', '/watch/abc/def', '/healthz', '/api/landing']) {
      const res = await fetch(`${platform.url}${path}`);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });
});
