/** Texts of the alert bell. */
export const ALERTS_TEXT = {
  title: 'Alerts',
  empty: 'No alerts. Infinitum watches your tags and traffic and tells you here when something needs a look.',
  resolved: 'resolved',
  bellLabel: (unread: number) => (unread > 0 ? `Alerts, ${unread} unread` : 'Alerts'),
};

/** What each rule kind is called and how its numbers read (docs/operations.md#alerts). */
export const RULE_KINDS: Record<string, { label: string; unit: string; volume: string | null }> = {
  site_tag_silent: { label: 'Site tag silent', unit: 'hours', volume: null },
  impression_tag_silent: { label: 'Impression tag silent', unit: 'hours', volume: null },
  visits_collapsed: { label: 'Visits below the usual', unit: '%', volume: 'Smallest daily baseline, in visits' },
  under_delivery: { label: 'Booking under-delivering', unit: '% behind pace', volume: null },
  invalid_traffic_share: {
    label: 'Invalid traffic share',
    unit: '%',
    volume: 'Smallest number of impressions in 24 hours',
  },
};

/** Texts of the Alerts & Reports tab of Campaign management. */
export const MANAGE_TEXT = {
  tab: 'Alerts & Reports',
  rulesHeading: 'Alert rules',
  rulesIntro: 'Each rule alerts once per episode in the bell and by mail to its recipients, and resolves by itself.',
  reportsHeading: 'Scheduled reports',
  enabled: 'On',
  threshold: 'Threshold',
  minVolume: 'Minimum volume',
  quietHours: 'Quiet period (hours)',
  recipients: 'Recipients',
  noRecipients: 'No user can receive mail for this client yet.',
  save: 'Save',
  ruleSaved: 'Alert rule updated successfully',
  scheduleSaved: 'Report schedule updated successfully',
  scheduleAdded: 'Report schedule created successfully',
  deleted: 'Report schedule deleted successfully',
  sent: 'Preview sent',
  addSchedule: 'Add schedule',
  noSchedules: 'No scheduled reports yet.',
  frequency: 'Frequency',
  weekly: 'Weekly',
  monthly: 'Monthly',
  day: 'Day',
  weekdayHint: '1 Monday to 7 Sunday',
  monthDayHint: 'Day of the month, 1 to 28',
  hour: 'Hour',
  hourHint: '0 to 23',
  timeZone: 'Time zone',
  sendNow: 'Send now',
  delete: 'Delete',
  loadFailed: 'Unable to retrieve alerts and reports. Please try again.',
} as const;
