import { email, maxLength, minLength, required, type RuleSet } from './rules';

/** User form (spec 5): Full Name at least 4, Email Address valid. */
export const userRules: RuleSet = {
  name: [
    required('Full Name'),
    minLength('Full Name', 4, 'Minimum 4 characters required'),
    maxLength('Full Name', 150),
  ],
  email: [required('Email Address'), email('Enter a valid email address'), maxLength('Email Address', 255)],
};
