import { withPrimary } from '@infinitum/rules';

/** Operational country form (spec 3, 4): a primary country and the list it always belongs to. */
export interface CountryFormValue {
  primaryCountry: string;
  operationalCountries: string[];
}

/** Choosing a primary adds it to the operational countries (primary first). */
export function choosePrimary(value: CountryFormValue, code: string): CountryFormValue {
  return { primaryCountry: code, operationalCountries: withPrimary(code, value.operationalCountries) };
}

/** The operational list always includes the primary: removing it puts it back. */
export function setOperational(value: CountryFormValue, codes: readonly string[]): CountryFormValue {
  return { primaryCountry: value.primaryCountry, operationalCountries: withPrimary(value.primaryCountry, codes) };
}

export function addOperational(value: CountryFormValue, code: string): CountryFormValue {
  return setOperational(value, [...value.operationalCountries, code]);
}

export function removeOperational(value: CountryFormValue, code: string): CountryFormValue {
  return setOperational(
    value,
    value.operationalCountries.filter((c) => c !== code),
  );
}

/** 'name (code)' (spec 3). */
export const countryLabel = (c: { country_code: string; country_name: string }) =>
  `${c.country_name} (${c.country_code})`;
