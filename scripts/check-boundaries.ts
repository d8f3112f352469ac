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

if (breaches.length > 0) {
  console.error(`Module boundaries broken (scripts/check-boundaries.ts):\n${breaches.join('\n')}`);
  process.exit(1);
}
console.log('Module boundaries: web features import no other feature; server SQL only in *.queries.ts files.');
