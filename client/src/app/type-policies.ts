import type { TypePolicies } from '@apollo/client';

/**
 * How the cache keys what the client reads. Apollo normalises every object with an `id` as `__typename:id`,
 * which is right only where the id names one row of one table. Types whose ids come from several tables or
 * lists are values of the list that holds them, never looked up or updated on their own: stored inside their
 * parent (`keyFields: false`), so one list cannot overwrite another's rows. Giving them an id that includes
 * the list would change the API instead: a filter option's id is the value the filter payload sends back.
 */
export const TYPE_POLICIES: TypePolicies = {
  // Dashboard filter lists: campaign 1, creative 1, channel 1 and site tag 1 are four different options.
  FilterOption: { keyFields: false },
  BookingFilterOption: { keyFields: false },
  // Today's Activity: customer 1, booking 1 and site tag 1 of the three top-10 lists, each with its own count.
  ActivityCount: { keyFields: false },
};

/**
 * Types keyed by `id` as Apollo does by default, each id one row of one table (checked against the schema by
 * type-policies.test.ts: a new type with an id must be placed here or above).
 */
export const KEYED_BY_TABLE_ROW = [
  'ActiveUser',
  'Alert',
  'AlertRule',
  'AlertRun',
  'Annotation',
  // An asked-for change of a client's attribution windows (attribution_change).
  'AttributionChange',
  'Adtech',
  'AdtechGroup',
  'Agency',
  'ApiKey',
  'AssociationRequest',
  'Booking',
  'BookingChannelOption',
  'Broadcaster',
  'Campaign',
  'Channel',
  'Creative',
  'Customer',
  'DashboardCustomer',
  // The erasure's audit entry (erasure_audit).
  'ErasureReportType',
  'ImpressionTag',
  'PublisherOption',
  'Relationship',
  'ReportRecipientOption',
  'ReportSchedule',
  'SavedView',
  'SiteTag',
  'Taxonomy',
  'User',
] as const;
