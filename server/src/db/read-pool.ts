import { Worker } from 'node:worker_threads';
import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import type { Db } from './client.ts';

/**
 * Long reads on SQLite, off the event loop. better-sqlite3 runs every statement synchronously, so one 30 ms dashboard
 * query holds every other caller for 30 ms; statements sent here run in a worker thread with its own read-only
 * connection (WAL: it sees everything committed before the statement starts). PostgreSQL needs none of it: its
 * queries never block the loop. Used for the few reads that scan an organization (team dashboard, qualifications
 * matrix and its CSV).
 */
class SqliteReadPool {
  #worker: Worker | null = null;
  #next = 0;
  readonly #waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();

  constructor(private readonly file: string) {}

  all<Row>(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
    const worker = this.#started();
    const id = this.#next++;
    return new Promise<Row[]>((resolve, reject) => {
      this.#waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker.postMessage({ id, sql, parameters });
    });
  }

  close(): Promise<number> | undefined {
    const worker = this.#worker;
    this.#worker = null;
    return worker?.terminate();
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./sqlite-reader.worker.mjs', import.meta.url), { workerData: { file: this.file } });
    // An idle reader never keeps the process alive.
    worker.unref();
    worker.on('message', (answer: { id: number; rows?: unknown[]; error?: string }) => {
      const waiting = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      if (answer.error !== undefined) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer.rows ?? []);
    });
    worker.on('error', (error) => this.#failAll(error));
    worker.on('exit', () => {
      if (this.#worker === worker) this.#worker = null;
      this.#failAll(new Error('the SQLite reader stopped'));
    });
    this.#worker = worker;
    return worker;
  }

  #failAll(error: Error): void {
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }
}

const pools = new WeakMap<Db, SqliteReadPool>();

/** Gives a SQLite file database its reader (client.ts); an in-memory database has none and reads on the loop. */
export function attachReadPool(db: Db, file: string): { close(): unknown } {
  const pool = new SqliteReadPool(file);
  pools.set(db, pool);
  return pool;
}

/** The rows of a read-only query builder, read off the event loop where the database has a reader, else as usual. */
export function selectOffLoop<Row>(db: Db, query: Compilable<Row> & { execute(): Promise<Row[]> }): Promise<Row[]> {
  return offLoop(
    db,
    () => query.compile(),
    () => query.execute(),
  );
}

/** Runs a read-only statement off the event loop where the database has a reader, else as usual. */
export async function readOffLoop<Row>(db: Db, query: RawBuilder<Row>): Promise<{ rows: Row[] }> {
  return {
    rows: await offLoop(
      db,
      () => query.compile(db),
      async () => (await query.execute(db)).rows,
    ),
  };
}

function offLoop<Row>(db: Db, compile: () => CompiledQuery, onLoop: () => Promise<Row[]>): Promise<Row[]> {
  const pool = pools.get(db);
  if (!pool) return onLoop();
  const { sql, parameters } = compile();
  return pool.all<Row>(sql, parameters);
}
