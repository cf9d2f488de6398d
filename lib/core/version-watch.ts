/**
 * Whether an instance's cached copies of some shared data are still current, judged by one
 * version number that database triggers bump in the same transaction as every change to that
 * data (so a new version is visible exactly when the change commits).
 *
 * - `begin()` reads the version when `checkMs` has passed since the last read (concurrent callers
 *   share one query, and a caller arriving while it runs waits for it), or at once after
 *   `changed()`: this instance committed a change itself.
 * - When the version moved, `onChange` runs (the owner forgets its entries) and the generation
 *   moves on. A load that began under an older generation must not be stored (`current`), so a
 *   read that saw the old data cannot refill a cache after the change was noticed.
 * - When the version cannot be read, nothing cached can be trusted: `onChange` runs and the
 *   error goes to the caller.
 * A change committed anywhere is therefore noticed by every instance within `checkMs` plus one
 * version query.
 */
export type VersionWatchOptions = {
  checkMs: number;
  readVersion: () => Promise<bigint>;
  onChange: () => void;
  now?: () => number;
};

export class VersionWatch {
  private version: bigint | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private mustCheck = false;
  private checking: Promise<void> | null = null;
  private gen = 0;
  private readonly now: () => number;

  constructor(private readonly options: VersionWatchOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Checks the version when due; returns the generation a load beginning now belongs to. A check
   * already under way is waited for first: it may be the one this instance's own change asked for,
   * and a caller that came in while it ran would otherwise be answered from the entries it is about
   * to drop (two reads arriving together right after a write: the second saw the old data).
   */
  async begin(): Promise<number> {
    while (this.checking) await this.checking;
    if (this.mustCheck || this.now() - this.checkedAt >= this.options.checkMs) await this.check();
    return this.gen;
  }

  /** Whether a load that began in `generation` may still be stored. */
  current(generation: number): boolean {
    return generation === this.gen;
  }

  /** This instance committed a change: check the version before the next `begin()` returns. */
  changed(): void {
    this.mustCheck = true;
  }

  /** Forgets everything now (the owner dropped its entries): loads in flight are not stored. */
  invalidate(): void {
    this.gen++;
    this.options.onChange();
  }

  get lastVersion(): bigint | null {
    return this.version;
  }

  private check(): Promise<void> {
    this.checking ??= (async () => {
      this.mustCheck = false;
      const startedAt = this.now();
      try {
        const version = await this.options.readVersion();
        if (version !== this.version) {
          if (this.version !== null) this.invalidate();
          this.version = version;
        }
        this.checkedAt = startedAt;
      } catch (err) {
        this.invalidate();
        this.version = null;
        throw err;
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }
}
