// Computed answers kept per data state: the same call on the same data (versions of the market and the clients,
// and the names shown) answers from here, so repeated views and the portal's 15 s polling cost no recomputation.
// A write bumps a version (migration 008), which changes the state: nothing is ever invalidated by hand.
//
// One answer per call: the answer of a new data state replaces the call's previous one (issue 21, "server memory"),
// which no request asks for again once the data moved on; answers of a 10-year daily series weigh a few MB each.

/** Least recently used call first out. */
export class ResultCache {
  private readonly entries = new Map<string, { state: string; value: object }>();

  constructor(private readonly capacity = 100) {}

  /** The answer kept for the call at this data state, if any (a read counts as a use). */
  get(call: string, state: string): object | undefined {
    const entry = this.entries.get(call);
    if (entry === undefined || entry.state !== state) return undefined;
    this.entries.delete(call);
    this.entries.set(call, entry);
    return entry.value;
  }

  /** Keeps the call's answer at this data state, in place of the one it had at any other state. */
  set(call: string, state: string, value: object): void {
    this.entries.delete(call);
    this.entries.set(call, { state, value });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
