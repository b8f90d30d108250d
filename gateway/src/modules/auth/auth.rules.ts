import { email, minLength, required, type RuleSet } from '../../shared/validation/rules';

/** Server-side rules of the sign-in and password screens (spec 5); field names as in the API. */
export const loginRules: RuleSet = {
  email: [required('Email'), email()],
  password: [required('Password')],
};

export const emailRules: RuleSet = { email: [required('Email'), email()] };

export const tokenRules: RuleSet = { token: [required('Token')] };

/** The screen shows no length rule; the server still refuses trivially short passwords. */
export const NEW_PASSWORD_MIN = 8;
export const resetPasswordRules: RuleSet = {
  token: [required('Token')],
  new_password: [required('New password'), minLength('New password', NEW_PASSWORD_MIN)],
};
