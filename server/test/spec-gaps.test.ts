import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutUrls, payOfflineCheckout, registerCompany, seedPlans, subscriptionOf } from './billing-test-kit.ts';
import { importTestCatalog, type TestCatalog } from './catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from './harness.ts';

/** Calls a client written against the spec makes, answered as the spec says. */
let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  await seedPlans(platform);
  catalog = await importTestCatalog(platform);
});
afterAll(async () => platform?.close());

describe('POST subCategoriesVideos (administration spec, section 7)', () => {
  it('answers the sub-category listing, like sub_categories_videos', async () => {
    const org = await organizationWithMembers(platform);
    const body = { sub_category_id: catalog.subCategories['safety-basics'] };
    const spec = await platform.api('POST', '/api/subCategoriesVideos', { token: org.superUser.token, json: body });
    const listing = await platform.api('POST', '/api/sub_categories_videos', { token: org.superUser.token, json: body });
    expect(spec.status).toBe(200);
    expect(spec.body.data.videos.map((v: { admin_video_id: number }) => v.admin_video_id)).toEqual([catalog.videos.lockout, catalog.videos.ppe]);
    expect(spec.body).toEqual(listing.body);
    expect((await platform.api('POST', '/api/subCategoriesVideos', { json: body })).status).toBe(401);
    expect((await platform.api('POST', '/api/subCategoriesVideos', { token: org.superUser.token, json: { sub_category_id: 'x' } })).status).toBe(400);
  });
});

describe("v4/subscriptions_payment with only the return URL's parameters", () => {
  it("finds the caller organization's pending checkout and asks the provider", async () => {
    const owner = await registerCompany(platform);
    const returnParams = { userId: String(owner.userId), subscription_id: '1', payment_mode: 'subscription' };
    // No checkout yet: nothing to confirm.
    expect((await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: returnParams })).status).toBe(400);
    const checkout = await platform.api('POST', '/api/create-checkout-session', {
      token: owner.token,
      form: { subscription_id: '1', ...checkoutUrls(platform, owner.userId, 1) },
    });
    expect(checkout.status).toBe(201);
    // The provider says it is not paid yet.
    const early = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: returnParams });
    expect(early.status).toBe(409);
    expect(await subscriptionOf(platform, owner.organizationId)).toBeUndefined();
    const paid = await payOfflineCheckout(checkout.body.data.url);
    expect(paid.status).toBe(303);
    // Another organization's return with the same parameters finds nothing of it.
    const rival = await registerCompany(platform, 'Rival Forge');
    expect((await platform.api('POST', '/api/v4/subscriptions_payment', { token: rival.token, form: returnParams })).status).toBe(400);
    const confirmed = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: returnParams });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ is_super_user: 1, subscription: { status: 'trialing', title: 'Team' } });
    // A reloaded return page answers the state and changes nothing.
    const replay = await platform.api('POST', '/api/v4/subscriptions_payment', { token: owner.token, form: returnParams });
    expect(replay.status).toBe(200);
    expect(replay.body.message).toBe('This payment is already confirmed.');
    expect(await subscriptionOf(platform, rival.organizationId)).toBeUndefined();
  });
});
