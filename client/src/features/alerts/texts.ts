/** Texts of the alert bell. */
export const ALERTS_TEXT = {
  title: 'Alerts',
  empty: 'No alerts. Infinitum watches your tags and traffic and tells you here when something needs a look.',
  resolved: 'resolved',
  bellLabel: (unread: number) => (unread > 0 ? `Alerts, ${unread} unread` : 'Alerts'),
};
