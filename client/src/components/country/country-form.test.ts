import { addOperational, choosePrimary, removeOperational, setOperational } from './country-form';

describe('operational country form (spec 4)', () => {
  const empty = { primaryCountry: '', operationalCountries: [] as string[] };

  test('choosing a primary adds it to the operational countries, first', () => {
    expect(choosePrimary({ primaryCountry: '', operationalCountries: ['AU', 'FJ'] }, 'NZ')).toEqual({
      primaryCountry: 'NZ',
      operationalCountries: ['NZ', 'AU', 'FJ'],
    });
  });

  test('changing the primary keeps the old one as an operational country', () => {
    const nz = choosePrimary(empty, 'NZ');
    expect(choosePrimary(nz, 'AU')).toEqual({ primaryCountry: 'AU', operationalCountries: ['AU', 'NZ'] });
  });

  test('removing the primary puts it back', () => {
    const v = addOperational(choosePrimary(empty, 'NZ'), 'AU');
    expect(removeOperational(v, 'NZ').operationalCountries).toEqual(['NZ', 'AU']);
    expect(setOperational(v, []).operationalCountries).toEqual(['NZ']);
  });

  test('other countries come and go, without repeats', () => {
    let v = choosePrimary(empty, 'NZ');
    v = addOperational(v, 'AU');
    v = addOperational(v, 'AU');
    expect(v.operationalCountries).toEqual(['NZ', 'AU']);
    expect(removeOperational(v, 'AU').operationalCountries).toEqual(['NZ']);
  });
});
