/** Every text of the dashboard (spec 2, 4, 5, 8), character for character, in one place for the tests. */
export const TEXTS = {
  heading: 'Advanced analytics',
  loading: 'Loading dashboard data...',
  selectClient: 'Select a client to view dashboard data',
  noData: 'No data available for the selected filters',
  /** docs/design.md#retention: a range reaching before the first day kept. */
  retentionNotice: (client: string, months: number, keptFrom: string) =>
    `${client} keeps ${months} ${months === 1 ? 'month' : 'months'} of data: days before ${keptFrom} have been removed, so this range shows nothing for them.`,
  panelEmpty: 'No data available',
  panelLoading: 'Loading...',
  campaignHint: 'Select campaigns (affects booking options)',
  bookingHint: 'Select bookings (auto-selects campaigns)',
  selectCustomerFirst: 'Please select a customer first.',
  noAnalysisData: 'No analysis data available. Please refresh the dashboard data first.',
  analysisEmpty: 'No analysis available. Select appropriate filters and refresh the dashboard to generate insights.',
  clipboardUnsupported: 'Clipboard image copy not supported in this browser.',
  exportFailed: 'Unable to export data. Please try again.',
  retrieveFailed: 'Unable to retrieve data. Please try again.',
  analysisTitle: 'Campaign Intelligence',
  copyReport: 'Copy Report',
  copied: 'Copied',
  runAnalysis: 'Run analysis',
  exportAll: 'Export all data',
  apply: 'Apply',
  noOptions: (type: string) => `No ${type} available`,
} as const;

export const VIEW_LABELS = { summary: 'Summary', performance: 'Performance' } as const;
export type DashboardView = keyof typeof VIEW_LABELS;
