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
  it('keep every authenticated API answer out of shared caches: reads revalidated in the member\u2019s browser, the rest never kept', async () => {
    const reads = [
      await platform.api('GET', '/api/profile', { token: org.member.token }),
      await platform.api('GET', `/api/organization/${org.organizationId}/teams`, { token: org.superUser.token }),
    ];
    for (const res of reads) expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const neverKept = [
      await platform.api('GET', '/api/notices', { token: org.member.token }),
      await platform.api('GET', `/api/organization/${org.organizationId}/teams`, { token: org.member.token }),
      await platform.api('POST', '/api/changePassword', { token: org.member.token, json: {} }),
      await platform.api('GET', '/api/profile'),
    ];
    for (const res of neverKept) expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('answers 304 without a body to a read whose ETag the browser holds, and 200 once the answer changed', async () => {
    const first = await platform.api('GET', '/api/profile', { token: org.member.token });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const same = await platform.api('GET', '/api/profile', { token: org.member.token, headers: { 'if-none-match': `"other", ${etag}` } });
    expect([same.status, same.body]).toEqual([304, '']);
    // Another member's answer at the same address is theirs, whatever the browser holds.
    expect((await platform.api('GET', '/api/profile', { token: org.superUser.token, headers: { 'if-none-match': etag as string } })).status).toBe(200);
    const renamed = await platform.api('POST', '/api/updateProfile', { token: org.member.token, json: { name: 'Renamed Member', email: org.member.email } });
    expect(renamed.status).toBe(200);
    const changed = await platform.api('GET', '/api/profile', { token: org.member.token, headers: { 'if-none-match': etag as string } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('forbid framing of pages: frame-ancestors none and X-Frame-Options DENY', async () => {
    for (const path of ['/', '/home', '/watch/abc/def', '/healthz', '/api/landing']) {
      const res = await fetch(`${platform.url}${path}`);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });
});
