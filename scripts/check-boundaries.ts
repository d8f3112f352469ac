import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run lint` runs this: the module boundaries the code style asks for, which Biome cannot express.
 * - A web feature (web/src/features/<name>/) never imports another feature: what two features share lives in
 *   web/src/components or web/src/lib. Only web/src/app composes features.
 * - Server SQL lives only in `*.queries.ts` files (and in server/src/db: the client, schema and migrations):
 *   no query builder (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`) nor raw `sql` template anywhere
 *   else in server/src, tests excepted.
 * - Each table is written (inserted into, updated, deleted from) by one server module only: the others read it or
 *   call that module's queries.
 * - Server modules (server/src/modules/<name>/) import each other without a cycle: a module's imports, followed
 *   module to module, never lead back to it (tests excepted), so every module can be read, tested and changed
 *   knowing only the ones below it. server/src/lib (infrastructure every module uses) imports no module.
 * Prints every line that breaks a rule and exits 1.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FEATURES = path.join(ROOT, 'web', 'src', 'features');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The feature a file belongs to, or null outside web/src/features. */
function featureOf(file: string): string | null {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? null : (relative.split(path.sep)[0] ?? null);
}

const breaches: string[] = [];
for (const file of sourceFiles(FEATURES)) {
  const own = featureOf(file);
  for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), match[1] ?? '');
    const other = featureOf(target);
    if (other !== null && other !== own) {
      breaches.push(`${path.relative(ROOT, file)}: imports ${match[1]} from the ${other} feature (share it through web/src/components or web/src/lib)`);
    }
  }
}

const SERVER_SRC = path.join(ROOT, 'server', 'src');
const SERVER_DB = path.join(SERVER_SRC, 'db');
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;
for (const file of sourceFiles(SERVER_SRC)) {
  if (/\.(queries|test)\.ts$/.test(file) || !path.relative(SERVER_DB, file).startsWith('..')) continue;
  for (const [i, line] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
    if (QUERY.test(line)) breaches.push(`${path.relative(ROOT, file)}:${i + 1}: SQL outside a *.queries.ts file (move it into the module's queries)`);
  }
}

const MODULES = path.join(SERVER_SRC, 'modules');
/** The module a server file belongs to, or null outside server/src/modules. */
function moduleOf(file: string): string | null {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : (relative.split(path.sep)[0] ?? null);
}

const WRITE =
  /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*'(\w+)'|\b(?:insert\s+into|delete\s+from)\s+"?(\w+)|\bupdate\s+"?(\w+)"?\s+set\b/gi;
/** For each table, the modules that write it, with one writing file each. */
const writers = new Map<string, Map<string, string>>();
for (const file of sourceFiles(MODULES)) {
  if (file.endsWith('.test.ts')) continue;
  for (const match of fs.readFileSync(file, 'utf8').matchAll(WRITE)) {
    const table = (match[1] ?? match[2] ?? match[3] ?? '').toLowerCase();
    const byModule = writers.get(table) ?? new Map<string, string>();
    byModule.set(moduleOf(file) as string, path.relative(ROOT, file));
    writers.set(table, byModule);
  }
}
for (const [table, byModule] of writers) {
  if (byModule.size > 1) {
    breaches.push(`table ${table} is written by ${byModule.size} modules (${[...byModule.values()].join(', ')}): let one module own its writes`);
  }
}
/** For each module, the modules it imports, with one importing file as the example to show. */
const dependencies = new Map<string, Map<string, string>>();
for (const file of sourceFiles(MODULES)) {
  if (file.endsWith('.test.ts')) continue;
  const own = moduleOf(file) as string;
  for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const other = moduleOf(path.resolve(path.dirname(file), match[1] ?? ''));
    if (other === null || other === own) continue;
    const edges = dependencies.get(own) ?? new Map<string, string>();
    if (!edges.has(other)) edges.set(other, path.relative(ROOT, file));
    dependencies.set(own, edges);
  }
}
const LIB = path.join(SERVER_SRC, 'lib');
for (const file of sourceFiles(LIB)) {
  for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const other = moduleOf(path.resolve(path.dirname(file), match[1] ?? ''));
    if (other !== null) breaches.push(`${path.relative(ROOT, file)}: imports ${match[1]} from the ${other} module (server/src/lib sits below every module)`);
  }
}

// Depth-first search: a module met again while still on the path closes a cycle.
const finished = new Set<string>();
const onPath: string[] = [];
const cycles: string[] = [];
function visit(module: string): void {
  if (finished.has(module)) return;
  const at = onPath.indexOf(module);
  if (at >= 0) {
    const cycle = [...onPath.slice(at), module];
    cycles.push(cycle.map((m, i) => (i === 0 ? m : `${m} (${dependencies.get(cycle[i - 1] as string)?.get(m)})`)).join(' -> '));
    return;
  }
  onPath.push(module);
  for (const next of dependencies.get(module)?.keys() ?? []) visit(next);
  onPath.pop();
  finished.add(module);
}
for (const module of [...dependencies.keys()].sort()) visit(module);
for (const cycle of cycles)
  breaches.push(`server modules import each other in a cycle: ${cycle} (move what both need into the lower one, or into server/src/lib)`);

if (breaches.length > 0) {
  console.error(`Module boundaries broken (scripts/check-boundaries.ts):\n${breaches.join('\n')}`);
  process.exit(1);
}
console.log(
  `Module boundaries: web features import no other feature; server SQL only in *.queries.ts files; ${writers.size} tables each written by one module; ${dependencies.size} server modules without an import cycle.`,
);
