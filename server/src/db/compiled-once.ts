import type { CompiledQuery, Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';
import { prepareOnPostgres } from './prepared-statements.ts';

type Value = string | number | null;

/** A parameter's stand-in while the query is compiled: a string no caller sends. */
const placeholder = (i: number) => `\u0000compiled-once-${i}\u0000`;

/**
 * A statement built and compiled by Kysely once per dialect; later calls only bind their parameters. Building and
 * compiling a query took about a fifth of a short member call's time, and the session lookup runs on every call.
 * `build` is called once, with stand-ins: it must pass each parameter through as a plain bound value (no list made
 * of it, no arithmetic, no branch on it). Values it writes itself stay as they are.
 */
/** A query builder or a raw `sql` template (which compiles against the database handle). */
type Compiles<Row> = { compile(db: Kysely<any>): CompiledQuery<Row> };

export function compiledOnce<Params extends Value[], Row>(build: (db: Kysely<any>, ...params: Params) => Compiles<Row>) {
  const templates = new Map<'postgres' | 'sqlite', { compiled: CompiledQuery<Row>; slots: (number | { value: unknown })[] }>();
  return async (db: Kysely<any>, ...params: Params): Promise<Row[]> => {
    const dialect = isPostgres(db) ? 'postgres' : 'sqlite';
    let template = templates.get(dialect);
    if (!template) {
      const stand = params.map((_, i) => placeholder(i)) as Params;
      const compiled = build(db, ...stand).compile(db);
      const slots = compiled.parameters.map((p) => {
        const at = stand.indexOf(p as Value);
        return at >= 0 ? at : { value: p };
      });
      if (params.some((_, i) => !slots.includes(i))) throw new Error('compiledOnce: a parameter is not bound as a plain value');
      template = { compiled, slots };
      if (dialect === 'postgres') prepareOnPostgres(compiled.sql);
      templates.set(dialect, template);
    }
    const parameters = template.slots.map((slot) => (typeof slot === 'number' ? params[slot] : slot.value));
    const result = await db.executeQuery<Row>({ ...template.compiled, parameters });
    return result.rows;
  };
}
