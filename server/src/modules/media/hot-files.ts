import fs from 'node:fs';

/** A media file held in memory with what its answer needs. */
export type HotFile = { bytes: Buffer; etag: string };

/** Files above this size stream from disk: a whole MP4 download is rare, segments and posters are the daily traffic. */
const LARGEST_HELD = 4 * 1024 * 1024;
/** A held file is looked at on disk again after this long, so a removed asset stops being served. */
const RECHECK_MS = 60_000;

export const mediaEtag = (stat: fs.Stats) => `"${stat.size.toString(36)}-${Math.trunc(stat.mtimeMs).toString(36)}"`;

/**
 * The segments, posters and caption files players ask for again and again, held in memory up to a byte budget,
 * least recently used first out. Content-addressed files never change, so a held copy is served without opening,
 * stat-ing, reading or allocating anything per request: the work left is the signature check and the socket write.
 */
export class HotFiles {
  readonly #held = new Map<string, { file: HotFile; checkedAt: number }>();
  #bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The file from memory, read into it when it fits the budget; null when it is not a regular file or too large to hold. */
  async get(path: string): Promise<HotFile | null> {
    const found = this.#held.get(path);
    const t = Date.now();
    if (found && t - found.checkedAt < RECHECK_MS) {
      this.#held.delete(path);
      this.#held.set(path, found);
      return found.file;
    }
    if (found) this.#forget(path);
    const stat = await fs.promises.stat(path).catch(() => null);
    if (!stat?.isFile() || stat.size > LARGEST_HELD || stat.size > this.budgetBytes) return null;
    if (found && found.file.etag === mediaEtag(stat)) {
      this.#keep(path, found.file, t);
      return found.file;
    }
    const bytes = await fs.promises.readFile(path).catch(() => null);
    if (!bytes) return null;
    const file = { bytes, etag: mediaEtag(stat) };
    this.#keep(path, file, t);
    return file;
  }

  #keep(path: string, file: HotFile, checkedAt: number): void {
    this.#forget(path);
    this.#held.set(path, { file, checkedAt });
    this.#bytes += file.bytes.length;
    while (this.#bytes > this.budgetBytes) this.#forget(this.#held.keys().next().value as string);
  }

  #forget(path: string): void {
    const found = this.#held.get(path);
    if (!found) return;
    this.#held.delete(path);
    this.#bytes -= found.file.bytes.length;
  }
}
