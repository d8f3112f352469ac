import { expect, it } from 'vitest';
import { measureDemoProbes, readDemoProbes } from './demo-probes.ts';
import { DEMO_CATALOG } from './seed-demo.ts';

// A first start takes the demo media's probes from probes.json (by content hash): they must be what ffprobe says of
// every medium the demo catalog names now.
it('ships the probe of every demo medium, as ffprobe measures it', async () => {
  const measured = await measureDemoProbes(DEMO_CATALOG);
  const shipped = readDemoProbes();
  expect(Object.keys(measured).length).toBeGreaterThan(100);
  for (const [hash, probe] of Object.entries(measured))
    expect(shipped.get(hash), `${hash} (after make-media.sh: node --import tsx server/src/cli/write-demo-probes.ts)`).toEqual(probe);
}, 300_000);
