import type pg from 'pg';

/** The PostgreSQL name of each statement text prepared once per connection (db/compiled-once.ts registers them). */
const names = new Map<string, string>();

/**
 * Marks a statement text to be prepared on PostgreSQL: each pooled connection parses and plans it once, then only
 * binds and runs it. Worth it for the texts every call sends (compiled once, so the set is fixed and small): PostgreSQL
 * parsing and planning a five-join video page cost more than running it. Texts with varying shapes stay unnamed.
 */
export function prepareOnPostgres(text: string): void {
  if (!names.has(text)) names.set(text, `mm_${names.size + 1}`);
}

/** Sends the marked texts of every client the pool opens as named (prepared) statements. */
export function usePreparedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const name = typeof args[0] === 'string' && args.length === 2 ? names.get(args[0]) : undefined;
      return name === undefined ? query(...args) : query({ name, text: args[0], values: args[1] });
    };
  });
}
