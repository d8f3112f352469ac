import fs from 'node:fs';
import { DEMO_PROBES, measureDemoProbes } from './demo-probes.ts';
import { DEMO_CATALOG } from './seed-demo.ts';

/** Writes server/demo-catalog/media/probes.json from the demo media as they are (see demo-probes.ts). */
const probes = await measureDemoProbes(DEMO_CATALOG);
fs.writeFileSync(DEMO_PROBES, `${JSON.stringify(probes, null, 2)}\n`);
console.log(`Wrote ${DEMO_PROBES}: ${Object.keys(probes).length} media.`);
