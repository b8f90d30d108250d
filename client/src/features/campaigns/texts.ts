/** Every text of Campaign management (spec 2, 4, 8), in one place so the tests import the same words. */
export const TEXTS = {
  heading: 'Campaign management',
  selectClient: 'Select Client',
  noClient: 'Select a client to manage its campaigns, bookings, creatives and tags.',
  noClients: 'No clients available',
  noPermission: 'No permission to edit',
  tagNotSeen: 'Tag has not been seen in the last 24 hours',
  tagActive: 'Tag is highly active',
  tagLow: 'Tag has low traffic',
  confirmCampaignChange: 'Changing campaigns will reset your selections. Continue?',
  copyTags: 'Copy Tags',
  addTags: 'Add Tags',
  tagsCopied: (n: number) => `${n} tag(s) copied`,
  copySelected: (n: number) => `Copy Selected (${n})`,
  copied: 'Copied',
  saveFailed: (modal: string) => `Failed to save ${modal}. Please try again.`,
  /** The success snackbar after a save, in the spec 8 style ('Channel created successfully'). */
  saved: (entity: string, created: boolean) => `${entity} ${created ? 'created' : 'updated'} successfully`,
  tagsSaved: 'Impression tags saved successfully',
  unableToRetrieve: (entities: string) => `Unable to retrieve ${entities}. Please try again.`,
  empty: (type: string) => `No ${type} available`,
  direct: 'Direct to broadcaster',
} as const;

export type TabKey = 'campaigns' | 'bookings' | 'creatives' | 'impressionTags' | 'siteTags' | 'alerts';

export const TABS: { key: TabKey; label: string }[] = [
  { key: 'campaigns', label: 'Campaigns' },
  { key: 'bookings', label: 'Bookings' },
  { key: 'creatives', label: 'Creatives' },
  { key: 'impressionTags', label: 'Impression Tags' },
  { key: 'siteTags', label: 'Site Tags' },
  { key: 'alerts', label: 'Alerts & Reports' },
];

/** Spec 3 / 9: booking and creative types (the toggle offers video and image). */
export const TYPE_LABELS: Record<number, string> = { 1: 'Video', 2: 'Image', 3: 'Audio' };
export const TOGGLE_TYPES = [
  { value: '1', label: 'Video' },
  { value: '2', label: 'Image' },
];

/** Spec 9: field limits and the length above which the counter turns to a warning colour. */
export const LIMITS = {
  booking_name: { max: 100, warn: 90 },
  campaign_name: { max: 100, warn: 90 },
  description: { max: 200, warn: 180 },
  creative_format: { max: 50, warn: 40 },
} as const;
