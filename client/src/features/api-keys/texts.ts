/** Texts of the API keys tab, in one place so the tests can import them. */
export const KEYS_TEXT = {
  tab: 'API Keys',
  create: 'Create API Key',
  createTitle: 'Create API Key',
  createSubmit: 'Create Key',
  name: 'Key Name',
  scopes: 'Scopes',
  expires: 'Expires On (optional)',
  ownerType: 'Key Of',
  owner: 'Organisation',
  organisationRequired: 'Please select an organisation',
  scopeHelp: {
    read: 'Read: lists and dashboard numbers',
    write: 'Write: campaigns, bookings, creatives and tags',
    ingest: 'Ingest: bulk events for your customers’ tags',
  },
  secretTitle: 'Your new API key',
  secretWarning: 'Copy this key now. It will not be shown again; only its first characters are kept.',
  secretDone: 'I have copied the key',
  copy: 'Copy key',
  revokeTitle: 'Revoke API key',
  revokeMessage: (name: string) =>
    `Revoke "${name}"? Calls with this key will be refused at once. This cannot be undone.`,
  revokeConfirm: 'Revoke',
  rotateTitle: 'Rotate API key',
  rotateMessage: (name: string) =>
    `Issue a new secret for "${name}"? The current secret keeps working for a grace period, so your systems can switch over; revoke the key to stop every secret at once.`,
  oldSecretUntil: (when: string) => `Old secret works until ${when}`,
  rotateConfirm: 'Rotate',
  revoked: (name: string) => `API key "${name}" revoked`,
  created: (name: string) => `API key "${name}" created`,
  rotated: (name: string) => `API key "${name}" rotated`,
  never: 'Never',
  empty: 'No API keys yet',
  loadError: 'Unable to retrieve API keys. Please try again.',
  scopesRequired: 'Choose at least one scope',
  nameRequired: 'Name is required',
  intro:
    'Keys let partner integrations and internal tools call the REST and GraphQL APIs as your organisation, ' +
    'within their scopes. Keys never manage users, keys or organisations.',
};
