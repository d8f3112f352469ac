import { seedPlans } from '../billing-test-kit.ts';
import { importTestCatalog, type TestCatalog } from '../catalog-fixture.ts';
import { startPlatform, type TestPlatform } from '../harness.ts';

/**
 * The platform every attack suite starts from: behind a trusted proxy (so each attempt can come from its own
 * address), with the plans and the test catalog, so every route has real objects to aim at.
 */
export async function startAttackPlatform(): Promise<{ platform: TestPlatform; catalog: TestCatalog }> {
  const platform = await startPlatform({ TRUST_PROXY: 'true' });
  await seedPlans(platform);
  return { platform, catalog: await importTestCatalog(platform) };
}
