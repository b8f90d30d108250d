/** The words every management tab shares (spec 8, 9). */

/** Management tabs page by 10 rows (spec 9). */
export const RECORD_PAGE_SIZE = 10;

/** 'Unable to retrieve {entities}. Please try again.' (spec 8). */
export const unableToRetrieve = (entities: string) => `Unable to retrieve ${entities}. Please try again.`;

/** 'Failed to {associate|update|create} {entity}. {message or Please try again.}' (spec 8). */
export const failedTo = (verb: 'associate' | 'update' | 'create', entity: string, message?: string) =>
  `Failed to ${verb} ${entity}. ${message || 'Please try again.'}`;

export const failedToDelete = (entity: string, message?: string) =>
  `Failed to delete ${entity}. ${message || 'Please try again.'}`;
