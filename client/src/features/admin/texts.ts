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
} as const;

export { failedTo, failedToDelete } from '../../components/record-texts';

/** Spec 9: names and existing-entity search. */
export const SEARCH_FROM = 2;
export const MAX_SUGGESTIONS = 10;
