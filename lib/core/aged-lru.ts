/**
 * A map whose entries are at most `maxAgeMs` old, at most `maxEntries` in number and, when
 * `maxWeight` is set, at most that much in all (each entry weighs what `set` was told): past a
 * bound, the least recently used entries go first. Used by the in-process caches (public reads,
 * credentials), which add when they may store and what they must forget.
 */
export type AgedLruLimits = { maxAgeMs: number; maxEntries: number; maxWeight?: number; now: () => number };

type Slot<V> = { value: V; weight: number; storedAt: number };

export class AgedLru<V> {
  private readonly entries = new Map<string, Slot<V>>();
  private total = 0;

  constructor(private readonly limits: AgedLruLimits) {}

  /** The entry while it is younger than the maximum age (an older one is dropped); a hit becomes the most recently used. */
  get(key: string): V | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    this.drop(key, slot);
    if (this.limits.now() - slot.storedAt >= this.limits.maxAgeMs) return undefined;
    this.entries.set(key, slot); // the end of the insertion order is the most recently used
    this.total += slot.weight;
    return slot.value;
  }

  set(key: string, value: V, weight = 0): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { value, weight, storedAt: this.limits.now() });
    this.total += weight;
    const maxWeight = this.limits.maxWeight ?? Number.POSITIVE_INFINITY;
    for (const [k, slot] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.total <= maxWeight) break;
      this.drop(k, slot);
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.total;
  }

  private drop(key: string, slot: Slot<V>) {
    this.entries.delete(key);
    this.total -= slot.weight;
  }
}
