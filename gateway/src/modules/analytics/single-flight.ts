/**
 * Identical concurrent computations share one promise (the 11 dashboard calls of one refresh ask
 * for the same parts within a few milliseconds of each other). A settled result is kept for a short
 * while so that calls of the same refresh arriving a little later still share it; failures are not
 * kept. Bounded in entries so a burst of distinct filters cannot grow memory without limit.
 */
export class SingleFlight {
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly recent = new Map<string, { value: Promise<unknown>; until: number }>();

  constructor(
    private readonly keepMs = 3000,
    private readonly maxKept = 256,
  ) {}

  run<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.recent.get(key);
    if (kept && kept.until > now) return kept.value as Promise<T>;
    if (kept) this.recent.delete(key);
    const existing = this.inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const p = compute();
    this.inFlight.set(key, p);
    p.then(
      () => {
        this.inFlight.delete(key);
        if (this.keepMs <= 0) return;
        if (this.recent.size >= this.maxKept) this.recent.delete(this.recent.keys().next().value as string);
        this.recent.set(key, { value: p, until: Date.now() + this.keepMs });
      },
      () => this.inFlight.delete(key),
    );
    return p;
  }

  /** Forgets kept results (tests that rewrite data between calls). */
  clear(): void {
    this.recent.clear();
  }
}

/** One per process: requests of both transports (REST, GraphQL) share it. */
export const dashboardFlights = new SingleFlight();
