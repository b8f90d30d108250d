export const MAX_CHIPS = 3;

/** Operational countries besides the home one: the first 3, and how many more. */
export function visibleChips(codes: readonly string[], home?: string): { shown: string[]; more: number } {
  const list = home ? codes.filter((c) => c !== home) : [...codes];
  return { shown: list.slice(0, MAX_CHIPS), more: Math.max(0, list.length - MAX_CHIPS) };
}
