import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type KnownProbes, type MediaProbe, validateCatalog } from '../modules/catalog/index.ts';

/**
 * What ffprobe says of each demo medium, by content hash, shipped beside the media (nothing secret: durations and
 * sizes). A first start hashes the media (a fraction of a second) and takes their probes from here instead of starting
 * ffprobe 134 times (about 10 core-seconds, a minute on a busy 2-core machine). A medium missing here, or changed
 * since, is probed as any other. `node --import tsx server/src/cli/write-demo-probes.ts` writes it again after
 * make-media.sh; demo-probes.test.ts checks it.
 */
export const DEMO_PROBES = fileURLToPath(new URL('../../demo-catalog/media/probes.json', import.meta.url));

export function readDemoProbes(): KnownProbes {
  if (!fs.existsSync(DEMO_PROBES)) return new Map();
  return new Map(Object.entries(JSON.parse(fs.readFileSync(DEMO_PROBES, 'utf8')) as Record<string, MediaProbe>));
}

/** Probes every medium of the demo catalog with ffprobe: what probes.json should say, sorted by hash. */
export async function measureDemoProbes(catalogFile: string): Promise<Record<string, MediaProbe>> {
  const { media } = await validateCatalog(catalogFile);
  const probes = [...media.values()].map((m) => [m.hash, m.probe] as const).sort(([a], [b]) => (a < b ? -1 : 1));
  return Object.fromEntries(probes);
}
