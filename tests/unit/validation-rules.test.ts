import {
  domain,
  email,
  isoDate,
  minLength,
  moreThan,
  nonNegativeNumber,
  required,
  stripDomain,
  trimStrings,
  validate,
} from '@infinitum/rules';

describe('generic validation rules (spec 5)', () => {
  test('required treats whitespace-only as empty', () => {
    expect(required('Agency name')('   ')).toBe('Agency name is required');
    expect(required('Agency name')(' ACME ')).toBeNull();
  });

  test('minimum length applies to non-empty values only', () => {
    expect(minLength('Agency name', 4)('abc')).toBe('Agency name must be at least 4 characters');
    expect(minLength('Agency name', 4)('')).toBeNull();
    expect(minLength('Agency name', 4)('  abcd  ')).toBeNull();
  });

  test('more than n characters after trimming', () => {
    expect(moreThan('Booking name', 3)(' abc ')).not.toBeNull();
    expect(moreThan('Booking name', 3)('abcd')).toBeNull();
  });

  test('email', () => {
    expect(email()('someone@example.co.nz')).toBeNull();
    expect(email()('someone@')).toBe('Please enter a valid email address');
    expect(email()('')).toBeNull();
  });

  test('domain strips scheme and path first', () => {
    expect(stripDomain('https://Shop.Example.com/cart?x=1')).toBe('shop.example.com');
    expect(domain()('https://shop.example.com/cart')).toBeNull();
    expect(domain()('shop')).toBe('Please enter a valid domain (e.g., shop.com)');
    expect(domain()('')).toBeNull();
  });

  test('numbers 0 or more', () => {
    expect(nonNegativeNumber('CPM')(0)).toBeNull();
    expect(nonNegativeNumber('CPM')('12.5')).toBeNull();
    expect(nonNegativeNumber('CPM')(-1)).toBe('CPM must be a number 0 or more');
    expect(nonNegativeNumber('CPM')('abc')).toBe('CPM must be a number 0 or more');
  });

  test('calendar dates', () => {
    expect(isoDate('2026-02-28')).toBe(true);
    expect(isoDate('2026-02-30')).toBe(false);
    expect(isoDate('28-02-2026')).toBe(false);
  });

  test('validate answers the first failing rule per field, and trimStrings trims', () => {
    const rules = { name: [required('Name'), minLength('Name', 4)], mail: [email()] };
    expect(validate(rules, { name: 'ab', mail: 'x' })).toEqual({
      name: 'Name must be at least 4 characters',
      mail: 'Please enter a valid email address',
    });
    expect(validate(rules, trimStrings({ name: '  abcd ', mail: ' a@b.nz ' }))).toEqual({});
  });
});
