import { email, passwordShape, required, type RuleSet } from '@infinitum/rules';

/** Server-side rules of the sign-in and password screens (spec 5); field names as in the API. */
export const loginRules: RuleSet = {
  email: [required('Email'), email()],
  password: [required('Password')],
};

export const emailRules: RuleSet = { email: [required('Email'), email()] };

export const tokenRules: RuleSet = { token: [required('Token')] };

/** The one password policy (password.rules.ts); the common-password list is checked by the service. */
export const resetPasswordRules: RuleSet = {
  token: [required('Token')],
  new_password: [required('New password'), passwordShape('New password')],
};
