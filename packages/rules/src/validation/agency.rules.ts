import { domain, email, maxLength, minLength, required, type RuleSet } from './rules';

/** Agency form (spec 5): name at least 4 characters, 1 when associating an existing agency. */
export const agencyRules = (opts: { associating?: boolean } = {}): RuleSet => ({
  agency_name: [
    required('Agency name'),
    minLength('Agency name', opts.associating ? 1 : 4),
    maxLength('Agency name', 150),
  ],
  domain: [domain(), maxLength('Domain', 255)],
  admin_email: [email(), maxLength('Admin email', 255)],
});
