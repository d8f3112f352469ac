import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run typecheck`: every project checked by its own `tsc -p` (same settings as before), all of them in one run, so
 * a contract change shows the server's and the web's errors together; exit 1 when any project fails. Two projects
 * at a time on a machine of two cores or more: tsc is single-threaded.
 */
const PROJECTS = ['contract', 'server', 'web', 'e2e', 'scripts'];
const root = path.resolve(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const pretty = process.stdout.isTTY ? ['--pretty'] : ['--pretty', 'false'];

type Result = { project: string; code: number; output: string; seconds: number };

function check(project: string): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, ...pretty], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code: code ?? 1, output, seconds: (performance.now() - started) / 1000 }));
  });
}

const queue = [...PROJECTS];
const results: Result[] = [];
const workers = Array.from({ length: Math.max(1, Math.min(os.availableParallelism(), 2)) }, async () => {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    // Each project's errors printed together as it finishes, never interleaved with another's.
    console.log(`${result.code === 0 ? 'ok  ' : 'FAIL'} tsc -p ${project} (${result.seconds.toFixed(0)} s)`);
    if (result.output.trim()) console.log(result.output.trimEnd());
    results.push(result);
  }
});
await Promise.all(workers);

const failed = results.filter((result) => result.code !== 0).map((result) => result.project);
console.log(failed.length ? `Type errors in: ${failed.join(', ')}` : `No type errors in ${PROJECTS.join(', ')}`);
process.exit(failed.length ? 1 : 0);
