// A worker thread with its own read-only connection to the SQLite file: runs the statements it is sent and answers
// their rows, so a long read does not hold the app's event loop (server/src/db/read-pool.ts). Plain JavaScript: it
// starts without the TypeScript loader, under tsx and under the tests alike.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const database = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
database.pragma('busy_timeout = 5000');
// As the app's own connection (client.ts, SQLITE_MMAP_BYTES): the file read through a memory map, a 64 MB page cache.
database.pragma(`mmap_size = ${1024 * 1024 * 1024}`);
database.pragma('cache_size = -65536');
const statements = new Map();

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.reader ? statement.all(parameters) : [] });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
