import type { ChangeListener } from './change-notices.ts';

/**
 * Rows an instance keeps in memory by key (a session or an API token by its hash: issue 41), dropped on every instance
 * when a change notice names them (db/change-notices.ts). When notices may have been missed (the listening connection
 * dropped) everything is dropped and nothing is kept until the instance listens again. A kept row is read again after
 * `freshness` ms at most: that bounds what a write that announces nothing could leave stale.
 */
export function createKeptRows<Row extends { readAt: number }>(
  changes: ChangeListener,
  {
    freshness,
    size,
    namedBy,
    expired = () => false,
  }: {
    freshness: number;
    /** Rows kept at most: the least recently used beyond this is dropped. */
    size: number;
    /** Whether a notice (`kind:id`, e.g. `user:7`) touches this row. */
    namedBy: (row: Row, kind: string, id: number) => boolean;
    /** Whether the row is over by itself at `t` (an expired session). */
    expired?: (row: Row, t: number) => boolean;
  },
) {
  const kept = new Map<string, Row>();
  // Every drop moves it on: a row read before a drop and arriving after it is not kept (it may predate the change).
  let generation = 0;
  changes.subscribe(
    (notice) => {
      const [kind = '', value] = notice.split(':');
      const id = Number(value);
      generation++;
      // A scan of at most `size` entries, for a notice that comes with a sign-out or an administrator's change.
      for (const [key, row] of kept) if (namedBy(row, kind, id)) kept.delete(key);
    },
    () => {
      generation++;
      kept.clear();
    },
  );
  return {
    /** Where a read starts: hand it back to `keep`. */
    get generation() {
      return generation;
    },
    /** The kept row of this key, still fresh and not over at `t`; else undefined (read it again). */
    get(key: string, t: number): Row | undefined {
      const row = kept.get(key);
      if (!row) return undefined;
      if (t - row.readAt > freshness || expired(row, t) || !changes.live()) {
        kept.delete(key);
        return undefined;
      }
      // Least recently used first in the map's order.
      kept.delete(key);
      kept.set(key, row);
      return row;
    },
    /** Keeps a row read from the database since `since` (a `generation`), unless a change was heard meanwhile. */
    keep(key: string, row: Row, since: number): void {
      if (since !== generation || !changes.live()) return;
      kept.delete(key);
      if (kept.size >= size) kept.delete(kept.keys().next().value as string);
      kept.set(key, row);
    },
    get size() {
      return kept.size;
    },
  };
}
