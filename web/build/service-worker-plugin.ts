import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const TEMPLATE = path.join(import.meta.dirname, 'service-worker.js');

/**
 * Writes dist/sw.js: the service worker of build/service-worker.js with the release's files to cache at install
 * (every script and style of the build, the icons, the manifest) and a release id (a hash of those names), so a new
 * release installs a new shell and drops the old one.
 */
export function serviceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mm-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Before the precompress plugin's closeBundle, which then writes sw.js's compressed twins too.
    writeBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((name) => /\.(js|css|woff2?)$/.test(name));
      const files = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png', ...built.map((name) => `/${name}`)].sort();
      const release = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const head = `const PRECACHE = ${JSON.stringify(files)};\nconst RELEASE = ${JSON.stringify(release)};\n`;
      fs.writeFileSync(path.join(outDir, 'sw.js'), head + fs.readFileSync(TEMPLATE, 'utf8'));
    },
  };
}
