import type { Storage, StoredObject } from '../../lib/storage/storage.ts';

/** A media file held in memory with what its answer needs. */
export type HotFile = { bytes: Buffer; etag: string };

/** Files above this size stream from the store: a whole MP4 download is rare, segments and posters are the daily traffic. */
const LARGEST_HELD = 4 * 1024 * 1024;
/** A held file is looked at in the store again after this long, so a removed asset stops being served. */
const RECHECK_MS = 60_000;

export const mediaEtag = (stat: StoredObject) => `"${stat.size.toString(36)}-${Math.trunc(stat.modifiedMs).toString(36)}"`;

/**
 * The segments, posters and caption files players ask for again and again, held in memory up to a byte budget,
 * least recently used first out. Content-addressed files never change, so a held copy is served without opening,
 * stat-ing, reading or allocating anything per request: the work left is the signature check and the socket write.
 * With a bucket it also saves a round trip to the bucket per request.
 */
export class HotFiles {
  readonly #held = new Map<string, { file: HotFile; checkedAt: number }>();
  #bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly storage: Pick<Storage, 'head' | 'read'>,
  ) {}

  /** The object from memory, read into it when it fits the budget; null when it is absent or too large to hold. */
  async get(key: string): Promise<HotFile | null> {
    const found = this.#held.get(key);
    const t = Date.now();
    if (found && t - found.checkedAt < RECHECK_MS) {
      this.#held.delete(key);
      this.#held.set(key, found);
      return found.file;
    }
    if (found) this.#forget(key);
    const stat = await this.storage.head(key).catch(() => null);
    if (!stat || stat.size > LARGEST_HELD || stat.size > this.budgetBytes) return null;
    if (found && found.file.etag === mediaEtag(stat)) {
      this.#keep(key, found.file, t);
      return found.file;
    }
    const bytes = await this.storage.read(key).catch(() => null);
    if (!bytes) return null;
    const file = { bytes, etag: mediaEtag(stat) };
    this.#keep(key, file, t);
    return file;
  }

  #keep(key: string, file: HotFile, checkedAt: number): void {
    this.#forget(key);
    this.#held.set(key, { file, checkedAt });
    this.#bytes += file.bytes.length;
    while (this.#bytes > this.budgetBytes) this.#forget(this.#held.keys().next().value as string);
  }

  #forget(key: string): void {
    const found = this.#held.get(key);
    if (!found) return;
    this.#held.delete(key);
    this.#bytes -= found.file.bytes.length;
  }
}
