import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * `npm run lint` runs dependency-cruiser (`.dependency-cruiser.cjs`: every direction rule read from the import graph:
 * web features, web components/lib/config, server lib and db, migrations, kysely only in `*.queries.ts`, modules used
 * only through their `index.ts`, no cycle between modules), then this script for what an import graph cannot say.
 * It reads the server's syntax trees (TypeScript's parser: comments, strings and aliases are not mistaken for code),
 * tests excepted:
 * - Query builders are called only in `*.queries.ts` files and server/src/db. A service handed `ctx.db` can call
 *   `ctx.db.selectFrom(...)` without importing kysely, so the import rule alone would miss it: any call of a Kysely
 *   entry point (`selectFrom`, `selectNoFrom`, `insertInto`, `replaceInto`, `updateTable`, `deleteFrom`, `mergeInto`)
 *   elsewhere in server/src is a breach, and so is running a built query there (`execute`, `executeTakeFirst`,
 *   `executeTakeFirstOrThrow`, `stream`, `compile`, `explain`, except `db.transaction().execute(callback)`, which
 *   runs the service's callback). A builder a queries file hands out and a service composes is not seen (that needs
 *   the type checker, about 45 s here): queries files return rows, not builders.
 * - Each table is written (inserted into, replaced, updated, deleted from, merged into) by one owner only: one server
 *   module, or server/src/lib for its own tables (the abuse counters); the others read it or call the owner. A write is
 *   a call of one of those builders whose table is a string literal or a `const` of this file holding one (`'users'`,
 *   `'users as u'`, `const T = 'users'`, a parameter typed with a union of table names written out in this file, as
 *   `table: 'a' | 'b'` or `type Outbox = 'a' | 'b'`: each of them is written), or an `insert into` / `update ... set` / `delete from` / `merge into` in the
 *   text of kysely's `sql` tag (under any local name) or `sql.raw(...)`. A table argument the check cannot read
 *   (computed) is a breach too: name the table where it is written.
 * - A landed migration imports from db/dialect.ts only the helpers frozen for migrations (isPostgres, withId, notNull):
 *   dependency-cruiser lets migrations import that one file, and this keeps them off the rest of it, which may change.
 * - Every web feature (`web/src/features/<name>/`) has a server module of the same name (`server/src/modules/<name>/`):
 *   one name per domain on both sides. A feature with no module of its name is listed in FEATURES_WITHOUT_MODULE
 *   with its reason; a listed feature that has gone, or has a module now, is a breach too (the list stays true).
 * Prints every breach and exits 1.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_SRC = path.join(ROOT, 'server', 'src');
const MODULES = path.join(SERVER_SRC, 'modules');
const MIGRATIONS = path.join(SERVER_SRC, 'db', 'migrations');
const WEB_FEATURES = path.join(ROOT, 'web', 'src', 'features');
/**
 * Web features served by no server module of their name, each with its reason (web message namespaces are not
 * module names and are not checked). Empty: since issue 35 every web feature is named after its server module.
 */
const FEATURES_WITHOUT_MODULE = new Map<string, string>([]);
const FROZEN_DIALECT = new Set(['isPostgres', 'withId', 'notNull']);
const WRITERS = new Set(['insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto']);
const BUILDERS = new Set([...WRITERS, 'selectFrom', 'selectNoFrom']);
/** What runs a built query; `db.transaction().execute(...)` runs a callback, not a query, and is left to services. */
const RUNNERS = new Set(['execute', 'executeTakeFirst', 'executeTakeFirstOrThrow', 'stream', 'compile', 'explain']);
/** A write in SQL text, with the table it writes. */
const SQL_WRITE = /\b(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|delete\s+from|merge\s+into)\s+"?(\w+)|\bupdate\s+"?(\w+)"?\s+set\b/gi;

const inside = (dir: string, file: string): boolean => !path.relative(dir, file).startsWith('..');
const where = (file: string, node: ts.Node, source: ts.SourceFile): string =>
  `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Who owns the writes of a file: its module, or `server/src/<folder>` outside the modules. */
function ownerOf(file: string): string {
  const relative = path.relative(MODULES, file);
  if (!relative.startsWith('..')) return `module ${relative.split(path.sep)[0]}`;
  return `server/src/${path.relative(SERVER_SRC, file).split(path.sep)[0]}`;
}

/** The string a node stands for: a literal, or an identifier bound to a `const` literal in the same file. */
function literalOf(node: ts.Node | undefined, constants: Map<string, string>): string | null {
  if (node === undefined) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isAsExpression(node) || ts.isParenthesizedExpression(node)) return literalOf(node.expression, constants);
  if (ts.isIdentifier(node)) return constants.get(node.text) ?? null;
  return null;
}

/** The names of a type that is a union of string literals (`'a' | 'b'`, or an alias of this file holding one), else null. */
function literalUnionOf(type: ts.TypeNode, aliases: Map<string, string[]>): string[] | null {
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) return aliases.get(type.typeName.text) ?? null;
  const members = ts.isUnionTypeNode(type) ? [...type.types] : [type];
  const names = members.map((member) => (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal) ? member.literal.text : null));
  return names.every((name) => name !== null) ? (names as string[]) : null;
}

/** The text of a template, its substitutions left out (they are bound values or fragments checked on their own). */
function templateText(template: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ? ');
}

/** Whether a call chain holds `.transaction()`: `db.transaction().execute(...)`, `db.transaction().setIsolationLevel(...)...`. */
function startsTransaction(node: ts.Expression): boolean {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  return node.expression.name.text === 'transaction' || startsTransaction(node.expression.expression);
}

const breaches: string[] = [];
/** For each table, its owners, with one writing place each. */
const writers = new Map<string, Map<string, string>>();
function noteWrite(table: string, file: string, at: string): void {
  const byOwner = writers.get(table.toLowerCase()) ?? new Map<string, string>();
  if (!byOwner.has(ownerOf(file))) byOwner.set(ownerOf(file), at);
  writers.set(table.toLowerCase(), byOwner);
}

for (const file of sourceFiles(SERVER_SRC)) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const isQueries = file.endsWith('.queries.ts');
  const inDb = inside(path.join(SERVER_SRC, 'db'), file);
  const inMigrations = inside(MIGRATIONS, file);
  /** The local names of kysely's `sql` tag in this file. */
  const sqlNames = new Set<string>();
  const constants = new Map<string, string>();
  const unionAliases = new Map<string, string[]>();
  /** Parameters typed with a union of table names (seen before the body that uses them). */
  const tableParameters = new Map<string, string[]>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = statement.moduleSpecifier.text;
      const named = statement.importClause?.namedBindings;
      if (named && ts.isNamedImports(named)) {
        for (const element of named.elements) {
          const imported = (element.propertyName ?? element.name).text;
          if (from === 'kysely' && imported === 'sql') sqlNames.add(element.name.text);
          if (inMigrations && from === '../dialect.ts' && !FROZEN_DIALECT.has(imported)) {
            breaches.push(
              `${where(file, element, source)}: a migration imports ${imported} from db/dialect.ts; only ${[...FROZEN_DIALECT].join(', ')} are frozen for migrations (copy the rest into the migration)`,
            );
          }
        }
      }
    }
    if (ts.isTypeAliasDeclaration(statement)) {
      const names = literalUnionOf(statement.type, new Map());
      if (names) unionAliases.set(statement.name.text, names);
    }
    if (ts.isVariableStatement(statement) && (statement.declarationList.flags & ts.NodeFlags.Const) !== 0) {
      for (const declaration of statement.declarationList.declarations) {
        const value = literalOf(declaration.initializer, new Map());
        if (ts.isIdentifier(declaration.name) && value !== null) constants.set(declaration.name.text, value);
      }
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.type) {
      const names = literalUnionOf(node.type, unionAliases);
      if (names) tableParameters.set(node.name.text, names);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if ((BUILDERS.has(method) || (RUNNERS.has(method) && !startsTransaction(node.expression.expression))) && !isQueries && !inDb) {
        breaches.push(`${where(file, node, source)}: ${method}(...) outside a *.queries.ts file (move the query into the module's queries)`);
      }
      if (WRITERS.has(method) && !inMigrations) {
        const argument = node.arguments[0];
        const literal = literalOf(argument, constants)?.trim().split(/\s+/)[0];
        const tables = literal ? [literal] : argument && ts.isIdentifier(argument) ? (tableParameters.get(argument.text) ?? []) : [];
        for (const table of tables) noteWrite(table, file, where(file, node, source));
        if (tables.length === 0)
          breaches.push(`${where(file, node, source)}: ${method}(...) with a table this check cannot read (name the table written there)`);
      }
      const receiver = node.expression.expression;
      if (method === 'raw' && ts.isIdentifier(receiver) && sqlNames.has(receiver.text) && !inMigrations) {
        const text = literalOf(node.arguments[0], constants);
        for (const match of (text ?? '').matchAll(SQL_WRITE)) noteWrite(match[1] ?? match[2] ?? '', file, where(file, node, source));
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && sqlNames.has(node.tag.text) && !inMigrations) {
      for (const match of templateText(node.template).matchAll(SQL_WRITE)) noteWrite(match[1] ?? match[2] ?? '', file, where(file, node, source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const folders = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverModules = new Set(folders(MODULES));
const webFeatures = folders(WEB_FEATURES);
for (const feature of webFeatures) {
  if (!serverModules.has(feature) && !FEATURES_WITHOUT_MODULE.has(feature)) {
    breaches.push(
      `web/src/features/${feature} has no server module of its name (server/src/modules/${feature}): name the feature after the server module that serves it, or list it with its reason in FEATURES_WITHOUT_MODULE`,
    );
  }
}
for (const feature of FEATURES_WITHOUT_MODULE.keys()) {
  if (!webFeatures.includes(feature) || serverModules.has(feature)) {
    breaches.push(`FEATURES_WITHOUT_MODULE lists ${feature}, which is no web feature without a server module of its name now: take it off the list`);
  }
}

for (const [table, byOwner] of writers) {
  if (byOwner.size > 1) {
    const places = [...byOwner].map(([owner, at]) => `${owner} at ${at}`).join(', ');
    breaches.push(`table ${table} is written by ${byOwner.size} owners (${places}): let one module own its writes and the others call it`);
  }
}

if (breaches.length > 0) {
  console.error(`Module boundaries broken (scripts/check-boundaries.ts):\n${breaches.join('\n')}`);
  process.exit(1);
}
console.log(
  `Module boundaries: query builders only in *.queries.ts files and server/src/db; ${writers.size} tables each written by one owner; migrations take only the frozen dialect helpers; ${webFeatures.length - FEATURES_WITHOUT_MODULE.size} web features each named after a server module.`,
);
