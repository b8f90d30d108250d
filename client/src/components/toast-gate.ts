/** Identical toasts within this window are shown once (spec 9). */
export const TOAST_DEDUP_MS = 5000;

/** Remembers when each toast was last shown; answers whether a new one may appear. */
export function createToastGate(now: () => number = Date.now, windowMs = TOAST_DEDUP_MS) {
  const lastShown = new Map<string, number>();
  return function allow(key: string): boolean {
    const t = now();
    const last = lastShown.get(key);
    if (last !== undefined && t - last < windowMs) return false;
    lastShown.set(key, t);
    // Keep the map small: forget keys whose window has passed.
    for (const [k, at] of lastShown) if (t - at >= windowMs) lastShown.delete(k);
    return true;
  };
}
