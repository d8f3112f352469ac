import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../harness.ts';

/** Every upload route answers a malformed multipart body with 400 or 413 in the envelope, never a 500. */
let platform: TestPlatform;
let org: Awaited<ReturnType<typeof organizationWithMembers>>;
beforeAll(async () => {
  platform = await startPlatform();
  org = await organizationWithMembers(platform);
});
afterAll(async () => platform?.close());

const BOUNDARY = 'mm-boundary-42';
const part = (field: string, body: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${body}\r\n`;

function malformedBodies(field: string): { name: string; contentType: string; body: BodyInit }[] {
  return [
    { name: 'truncated before the closing boundary', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: part(field, 'abc').slice(0, -10) },
    {
      name: 'truncated inside the part headers',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: `--${BOUNDARY}\r\nContent-Disposition: form-da`,
    },
    { name: 'no boundary parameter', contentType: 'multipart/form-data', body: `${part(field, 'abc')}--${BOUNDARY}--\r\n` },
    { name: 'a boundary that never appears', contentType: 'multipart/form-data; boundary=other', body: `${part(field, 'abc')}--${BOUNDARY}--\r\n` },
    {
      name: 'broken part headers',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: `--${BOUNDARY}\r\nnot a header line\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
    },
    { name: 'an empty body', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: '' },
    { name: 'the wrong content type', contentType: 'text/plain', body: 'hello' },
    {
      name: 'an oversized file',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: `${part(field, 'x'.repeat(6 * 1024 * 1024))}--${BOUNDARY}--\r\n`,
    },
  ];
}

describe('malformed uploads', () => {
  const routes = [
    { path: () => '/api/v4/update_profile_image', field: 'picture', token: () => org.member.token },
    { path: () => `/api/organization/edit/banner/${org.organizationId}`, field: 'banner_file', token: () => org.superUser.token },
    { path: () => '/api/assessments/images', field: 'image', token: () => org.superUser.token },
  ];
  for (const route of routes) {
    it(`answer 400/413 with a message on ${route.field}`, async () => {
      for (const bad of malformedBodies(route.field)) {
        const res = await platform.api('POST', route.path(), { token: route.token(), headers: { 'content-type': bad.contentType }, body: bad.body });
        expect([400, 413, 415], bad.name).toContain(res.status);
        expect(res.body.success, bad.name).toBe(false);
        expect(res.body.error_code, bad.name).toBe(res.status);
        expect(res.body.error_messages.length, bad.name).toBeGreaterThan(5);
        if (bad.name === 'an oversized file') expect(res.status).toBe(413);
      }
      // The route still works afterwards.
      expect((await platform.api('GET', '/api/profile', { token: org.member.token })).status).toBe(200);
    });
  }
});
