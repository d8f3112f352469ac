import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` builds the web app only when its inputs changed since the build in web/dist (a hash of every input file
 * is kept beside it), and the start does not wait for it: the server answers a "Starting" page meanwhile
 * (starting-server.ts). A fresh clone builds once (about 10 s of one core here); later starts skip it.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_DIST = path.join(REPO, 'web', 'dist');
const HASH_FILE = path.join(WEB_DIST, '.inputs-sha256');

/** What the web build reads: its sources, build plugins, config, the contract it bundles, and the locked dependencies. */
const INPUTS = [
  'web/src',
  'web/build',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'contract/src',
  'package-lock.json',
];

function filesUnder(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((d) => filesUnder(path.join(entry, d.name)));
}

export function webInputsHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(path.join(REPO, input)))) {
    hash.update(path.relative(REPO, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function webBuildIsCurrent(inputs = webInputsHash()): boolean {
  return fs.existsSync(path.join(WEB_DIST, 'index.html')) && fs.existsSync(HASH_FILE) && fs.readFileSync(HASH_FILE, 'utf8') === inputs;
}

/** Builds web/dist when it is missing or older than its inputs; resolves when it is current ('skipped' when it was). */
export function buildWebIfStale(print: (line: string) => void): Promise<'built' | 'skipped'> {
  const inputs = webInputsHash();
  if (webBuildIsCurrent(inputs)) return Promise.resolve('skipped');
  print('Building the web app (only when its sources changed)...');
  return new Promise((resolve, reject) => {
    // Always the production bundle: started from a shell or a test runner that sets NODE_ENV=development or test,
    // Vite would otherwise build React's development runtime into the shipped app (about 70 KB gzip more on the first page).
    const child = spawn('npm', ['run', 'build', '-w', 'web'], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`The web build failed (exit ${code}):\n${output}`));
      fs.writeFileSync(HASH_FILE, inputs);
      resolve('built');
    });
  });
}
