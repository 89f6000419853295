// Computed answers kept per data state: the same call on the same data (versions of the market and the clients,
// and the names shown) answers from here, so repeated views and the portal's 15 s polling cost no recomputation.
// A write bumps a version (migration 008), which changes the key: nothing is ever invalidated by hand.

/** Least recently used first out; answers can be a few hundred KB (a 10-year daily series). */
export class ResultCache {
  private readonly entries = new Map<string, object>();

  constructor(private readonly capacity = 100) {}

  get(key: string): object | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: object): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
