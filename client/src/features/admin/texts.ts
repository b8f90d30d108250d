/** Texts of the admin screens, character for character from the spec (sections 2, 5, 8). */
export const TEXTS = {
  confirmRemove: (type: 'agency' | 'client' | 'user', name: string) =>
    `Are you sure you want to remove ${type} ${name}?`,
  agencyRemoved: 'Agency removed successfully',
  userRemoved: 'User removed successfully',
  noAgenciesFound: 'No existing agencies found. Continue typing to create new agency.',
  noClientsFound: 'No existing clients found. Continue typing to create new client.',
  associationRequestSent: 'Association request sent',
  noPermission: 'No permission to edit',
  accessDenied: 'Access Denied',
  noSystemAccess: "You don't have permission to access system administration.",
  noOperationalCountries: 'No operational countries',
} as const;

/** 'Failed to {associate|update|create} {entity}. {message or Please try again.}' (spec 8). */
export const failedTo = (verb: 'associate' | 'update' | 'create', entity: string, message?: string) =>
  `Failed to ${verb} ${entity}. ${message || 'Please try again.'}`;

export const failedToDelete = (entity: string, message?: string) =>
  `Failed to delete ${entity}. ${message || 'Please try again.'}`;

/** Spec 9: names and existing-entity search. */
export const SEARCH_FROM = 2;
export const MAX_SUGGESTIONS = 10;
export const ADMIN_PAGE_SIZE = 10;
export const SNACKBAR_MS = 6000;
