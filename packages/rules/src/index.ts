/**
 * Roles and validation rules, the same on both sides: the gateway's services enforce them, the client's forms
 * show them before a request is sent. Imported by name (`@infinitum/rules`), never by a relative path.
 */
export * from './roles';
export * from './validation/rules';
export * from './validation/password.rules';
export * from './validation/campaign.rules';
export * from './validation/booking.rules';
export * from './validation/creative.rules';
export * from './validation/impression-tag.rules';
export * from './validation/site-tag.rules';
export * from './validation/client.rules';
export * from './validation/agency.rules';
export * from './validation/broadcaster.rules';
export * from './validation/adtech.rules';
export * from './validation/channel.rules';
export * from './validation/user.rules';
export * from './validation/direct-user.rules';
export * from './validation/relationship.rules';
export * from './validation/attribution-windows.rules';
export * from './workbook';
