import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Proves that every boundary rule of `npm run lint` still fails when it is broken. A rule whose pattern stops
 * matching (a typo in a regex, a renamed folder) would otherwise pass silently on every commit after.
 *
 * It builds a small repository in a temporary directory: a clean skeleton (contract, server db/lib/modules, web
 * app/lib/components/features) plus one file per breach, then runs the repository's own `.dependency-cruiser.cjs`
 * and a copy of `scripts/check-boundaries.ts` over it. It fails unless each rule reports exactly its planted breaches
 * and nothing else (so the skeleton itself is clean and each report is the planted one). Run by `npm run lint`.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The clean skeleton: every rule passes on it. */
const SKELETON: Record<string, string> = {
  'contract/src/index.ts': 'export const contract = 1;\n',
  'server/src/db/dialect.ts': 'export const isPostgres = false;\nexport const withId = 1;\nexport const notNull = 1;\nexport const unfrozenHelper = 1;\n',
  'server/src/db/migrations/001-things.ts': "import { isPostgres } from '../dialect.ts';\nexport const up = isPostgres;\n",
  'server/src/lib/clock.ts': 'export const now = () => 0;\n',
  'server/src/app-context.ts': "import { helloAlpha } from './modules/alpha/index.ts';\nexport const context = helloAlpha;\n",
  'server/src/modules/alpha/alpha.queries.ts':
    "import { sql } from 'kysely';\nexport const writeThings = (db: any) => db.insertInto('things').values({}).execute();\nexport const raw = sql`select 1`;\n",
  'server/src/modules/alpha/alpha.service.ts':
    "import { writeThings } from './alpha.queries.ts';\nimport { now } from '../../lib/clock.ts';\nexport const helloAlpha = () => [writeThings, now];\n",
  'server/src/modules/alpha/index.ts': "export { helloAlpha } from './alpha.service.ts';\n",
  'server/src/modules/beta/beta.service.ts': "import { helloAlpha } from '../alpha/index.ts';\nexport const helloBeta = helloAlpha;\n",
  'server/src/modules/beta/index.ts': "export { helloBeta } from './beta.service.ts';\n",
  'web/src/lib/format.ts': 'export const format = (n: number) => String(n);\n',
  'web/src/components/tile.ts': "import { format } from '../lib/format.ts';\nexport const tile = format;\n",
  'web/src/features/alpha/alpha.ts': "import { tile } from '../../components/tile.ts';\nexport const one = tile;\n",
  'web/src/features/beta/beta.ts': 'export const two = 2;\nexport type Two = number;\n',
  'web/src/app/app.ts': "import { one } from '../features/alpha/alpha.ts';\nimport { two } from '../features/beta/beta.ts';\nexport const app = [one, two];\n",
};

interface Breach {
  /** The rule that must report it: a dependency-cruiser rule name, or `boundaries` for scripts/check-boundaries.ts. */
  rule: string;
  /** The planted file, and what the report must name (the file, or for a folder rule the folder). */
  file: string;
  content: string;
  reported?: string;
}

const BREACHES: Breach[] = [
  {
    rule: 'web-feature-imports-feature',
    file: 'web/src/features/alpha/uses-beta.ts',
    content: "import { two } from '../beta/beta.ts';\nexport const x = two;\n",
  },
  {
    rule: 'web-feature-imports-feature',
    file: 'web/src/features/alpha/types-beta.ts',
    content: "import type { Two } from '../beta/beta.ts';\nexport const x: Two = 1;\n",
  },
  {
    rule: 'web-shared-imports-feature',
    file: 'web/src/lib/uses-feature.ts',
    content: "import { one } from '../features/alpha/alpha.ts';\nexport const x = one;\n",
  },
  { rule: 'web-shared-imports-feature', file: 'web/src/components/uses-app.ts', content: "import { app } from '../app/app.ts';\nexport const x = app;\n" },
  {
    rule: 'server-lib-imports-above',
    file: 'server/src/lib/uses-context.ts',
    content: "import { context } from '../app-context.ts';\nexport const x = context;\n",
  },
  {
    rule: 'server-lib-imports-above',
    file: 'server/src/lib/uses-module.ts',
    content: "import { helloAlpha } from '../modules/alpha/index.ts';\nexport const x = helloAlpha;\n",
  },
  { rule: 'server-db-imports-above', file: 'server/src/db/uses-lib.ts', content: "import { now } from '../lib/clock.ts';\nexport const x = now;\n" },
  {
    rule: 'migration-imports-src',
    file: 'server/src/db/migrations/002-uses-lib.ts',
    content: "import { now } from '../../lib/clock.ts';\nexport const up = now;\n",
  },
  // A migration is inside server/src/db, so the db rule reports the same import too.
  { rule: 'server-db-imports-above', file: 'server/src/db/migrations/002-uses-lib.ts', content: '' },
  {
    rule: 'sql-outside-queries',
    file: 'server/src/modules/alpha/sql-in-service.ts',
    content: "import { sql as q } from 'kysely';\nexport const x = q`select 1`;\n",
  },
  {
    rule: 'module-imports-module-internals',
    file: 'server/src/modules/beta/reaches-queries.ts',
    content: "import { writeThings } from '../alpha/alpha.queries.ts';\nexport const x = writeThings;\n",
  },
  {
    rule: 'module-imports-own-index',
    file: 'server/src/modules/alpha/own-index.ts',
    content: "import { helloAlpha } from './index.ts';\nexport const x = helloAlpha;\n",
  },
  {
    rule: 'module-cycle',
    file: 'server/src/modules/alpha/uses-beta.ts',
    content: "import { helloBeta } from '../beta/index.ts';\nexport const x = helloBeta;\n",
    reported: 'server/src/modules/alpha',
  },
  // The cycle is reported from both of its folders.
  { rule: 'module-cycle', file: 'server/src/modules/beta', content: '', reported: 'server/src/modules/beta' },
  {
    rule: 'package-imports-other-package',
    file: 'server/src/lib/uses-web.ts',
    content: "import { format } from '../../../web/src/lib/format.ts';\nexport const x = format;\n",
  },
  { rule: 'not-resolvable', file: 'web/src/lib/missing.ts', content: "import { gone } from './gone.ts';\nexport const x = gone;\n" },
  {
    rule: 'boundaries',
    file: 'server/src/modules/beta/builder-in-service.ts',
    content: "export const x = (db: any) => db.selectFrom('things').selectAll().execute();\n",
    // Both the builder and its execute(...) are reported on that line.
    reported: 'server/src/modules/beta/builder-in-service.ts:1: ',
  },
  {
    rule: 'boundaries',
    file: 'server/src/modules/beta/beta.queries.ts',
    content:
      "import { sql as q } from 'kysely';\nexport const x = (db: any) => db.updateTable('things').set({}).execute();\nexport const y = q`delete from gadgets`;\n",
    reported: 'table things is written by 2 owners',
  },
  {
    rule: 'boundaries',
    file: 'server/src/modules/alpha/gadgets.queries.ts',
    content: "import { sql } from 'kysely';\nexport const y = sql.raw('insert into gadgets values (1)');\n",
    reported: 'table gadgets is written by 2 owners',
  },
  {
    rule: 'boundaries',
    file: 'server/src/modules/alpha/computed.queries.ts',
    content: 'export const x = (db: any, name: string) => db.deleteFrom(name).execute();\n',
    reported: 'server/src/modules/alpha/computed.queries.ts:1: deleteFrom(...) with a table this check cannot read',
  },
  {
    rule: 'boundaries',
    file: 'server/src/db/migrations/003-unfrozen.ts',
    content: "import { unfrozenHelper } from '../dialect.ts';\nexport const up = unfrozenHelper;\n",
    reported: 'server/src/db/migrations/003-unfrozen.ts:1: a migration imports unfrozenHelper from db/dialect.ts',
  },
  {
    rule: 'boundaries',
    file: 'web/src/features/gamma/gamma.ts',
    content: 'export const gamma = 3;\n',
    reported: 'web/src/features/gamma has no server module of its name',
  },
];

function write(dir: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
}

function run(dir: string, command: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd: dir, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface CruiseViolation {
  rule: { name: string; severity: string };
  from: string;
}

/** Runs both checks over a fixture: dependency-cruiser's reports as `rule from` (its JSON output exits 0 either way), check-boundaries' printed breaches and exit. */
function reportsOf(dir: string): { cruise: Set<string>; boundaries: string; boundariesExit: number | null } {
  const cruise = run(dir, process.execPath, [
    path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs'),
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
    'contract/src',
    'server/src',
    'web/src',
  ]);
  const violations: CruiseViolation[] = JSON.parse(cruise.stdout).summary.violations;
  const boundaries = run(dir, process.execPath, ['--import', 'tsx', path.join(dir, 'scripts', 'check-boundaries.ts')]);
  return {
    // Only errors fail `npm run lint`; a rule turned into a warning would pass it.
    cruise: new Set(
      violations.map((violation) => `${violation.rule.name}${violation.rule.severity === 'error' ? '' : ` (${violation.rule.severity})`} ${violation.from}`),
    ),
    boundaries: boundaries.stderr,
    boundariesExit: boundaries.status,
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-boundaries-'));
const problems: string[] = [];
try {
  write(dir, SKELETON);
  for (const file of ['.dependency-cruiser.cjs', 'tsconfig.base.json', 'scripts/check-boundaries.ts']) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));

  const clean = reportsOf(dir);
  if (clean.cruise.size > 0 || clean.boundariesExit !== 0) {
    problems.push(`the clean skeleton is reported: ${[...clean.cruise].join('; ')} ${clean.boundaries}`.trim());
  }

  write(dir, Object.fromEntries(BREACHES.filter((breach) => breach.content !== '').map((breach) => [breach.file, breach.content])));
  const broken = reportsOf(dir);
  if (broken.boundariesExit !== 1) problems.push(`check-boundaries exited ${broken.boundariesExit} over the planted breaches`);
  const expected = new Set(BREACHES.filter((breach) => breach.rule !== 'boundaries').map((breach) => `${breach.rule} ${breach.reported ?? breach.file}`));
  for (const report of expected) if (!broken.cruise.has(report)) problems.push(`dependency-cruiser did not report: ${report}`);
  for (const report of broken.cruise) if (!expected.has(report)) problems.push(`dependency-cruiser reported a breach nobody planted: ${report}`);
  const boundaryLines = broken.boundaries.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('Module boundaries broken'));
  const planted = BREACHES.filter((breach) => breach.rule === 'boundaries').map((breach) => breach.reported ?? breach.file);
  for (const report of planted) if (!boundaryLines.some((line) => line.includes(report))) problems.push(`check-boundaries did not report: ${report}`);
  for (const line of boundaryLines)
    if (!planted.some((report) => line.includes(report))) problems.push(`check-boundaries reported a breach nobody planted: ${line}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`The boundary rules do not catch what they should (scripts/prove-boundaries.ts):\n${problems.join('\n')}`);
  process.exit(1);
}
const rules = new Set(BREACHES.map((breach) => breach.rule));
console.log(
  `Boundary rules proved: ${BREACHES.length} planted breaches, each reported by its rule (${rules.size - 1} import-graph rules and the syntax checks), none on the clean skeleton.`,
);
