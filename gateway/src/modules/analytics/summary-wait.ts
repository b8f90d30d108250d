/**
 * A dashboard refresh waits this long at most for a filter's own response summaries (one creative, one
 * site tag) before it answers from the exact window over touch (DashboardData.withinBudget; config
 * DASHBOARD_SUMMARY_WAIT_MS).
 */
export const SUMMARY_WAIT_MS = 1000;
