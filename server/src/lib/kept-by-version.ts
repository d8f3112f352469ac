/**
 * Answers an instance keeps under a version read from the database (settings/catalog-version.ts): reused while
 * the version a request read is the one they were built under, rebuilt otherwise. Bounded, least recently used
 * first out. A failed build is not kept. One store per database handle (the tests run several apps per process).
 * Without a version (a caller the server made up for its own work) the answer is built afresh and not kept.
 */
export class KeptByVersion<T> {
  readonly #stores = new WeakMap<object, Map<string, { version: string; value: Promise<T> }>>();

  constructor(private readonly capacity: number) {}

  get(db: object, version: string | undefined, key: string, build: () => Promise<T>): Promise<T> {
    if (version === undefined) return build();
    let store = this.#stores.get(db);
    if (!store) {
      store = new Map();
      this.#stores.set(db, store);
    }
    const found = store.get(key);
    // Deleted and set again either way: the map's first key is the least recently used.
    store.delete(key);
    if (found && found.version === version) {
      store.set(key, found);
      return found.value;
    }
    const entry = { version, value: build() };
    store.set(key, entry);
    entry.value.catch(() => {
      if (store.get(key) === entry) store.delete(key);
    });
    if (store.size > this.capacity) store.delete(store.keys().next().value as string);
    return entry.value;
  }
}
