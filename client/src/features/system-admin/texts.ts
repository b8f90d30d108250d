/** Texts of the system administration screens, character for character from the spec (sections 2, 8). */
export const TEXTS = {
  accessDenied: 'Access Denied',
  noSystemAccess: "You don't have permission to access system administration.",
  noOperationalCountries: 'No operational countries',
} as const;
