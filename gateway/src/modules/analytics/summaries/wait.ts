/**
 * A dashboard refresh waits this long at most for a filter's own response summaries (one creative, one
 * site tag) before it answers from the exact window over touch (withinBudget; config
 * DASHBOARD_SUMMARY_WAIT_MS).
 */
export const SUMMARY_WAIT_MS = 1000;

/**
 * A filter's own summaries (per site, per creative) are built for every day of a range on its first
 * read: 3.8 s (sites) and 8.8 s (creatives) for 30 days of the 10M holdout world, where the exact
 * window over touch answers in about 0.3-1 s. A refresh waits for such a build at most `waitMs`,
 * then answers from the window while the build goes on (single-flight: the refreshes after it join
 * the same build, and read the summaries once it is done). A day's rebuild while hits arrive fits in
 * the budget. Resolves false when the budget ran out first; an infinite budget waits for the build.
 */
export function withinBudget(ready: Promise<boolean>, waitMs: number): Promise<boolean> {
  if (!Number.isFinite(waitMs)) return ready;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  return Promise.race([ready, late]).finally(() => clearTimeout(timer));
}
