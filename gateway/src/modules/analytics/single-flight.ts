/**
 * Identical concurrent computations share one promise (the 11 dashboard calls of one refresh ask
 * for the same parts at once). The entry is dropped when it settles, so nothing goes stale.
 */
export class SingleFlight {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  run<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const p = compute().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  get size(): number {
    return this.inFlight.size;
  }
}

/** One per process: requests of different transports (REST, GraphQL) share it too. */
export const dashboardFlights = new SingleFlight();
