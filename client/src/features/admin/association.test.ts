import { associationOutcome, suggestionsFor } from './association';

const names = (list: { n: string }[] | null) => list?.map((x) => x.n) ?? null;
const agencies = Array.from({ length: 15 }, (_, i) => ({ n: `Harbour Media ${i + 1}` }));

describe('existing-entity search (spec 5, 9)', () => {
  test('no search below 2 characters', () => {
    expect(suggestionsFor('H', agencies, (a) => a.n)).toBeNull();
    expect(suggestionsFor('  h ', agencies, (a) => a.n)).toBeNull();
  });
  test('from 2 characters: names containing the text, any case, at most 10', () => {
    expect(names(suggestionsFor('ha', agencies, (a) => a.n))).toHaveLength(10);
    expect(names(suggestionsFor('MEDIA 1', agencies, (a) => a.n))).toEqual([
      'Harbour Media 1',
      'Harbour Media 10',
      'Harbour Media 11',
      'Harbour Media 12',
      'Harbour Media 13',
      'Harbour Media 14',
      'Harbour Media 15',
    ]);
    expect(suggestionsFor('zz', agencies, (a) => a.n)).toEqual([]);
  });
  test('an associate answer is a request unless it says it took effect', () => {
    expect(associationOutcome({ id: 1 })).toBe('requested');
    expect(associationOutcome({ status: 'pending' })).toBe('requested');
    expect(associationOutcome({ status: 'associated' })).toBe('associated');
    expect(associationOutcome({ id: 4, status: 'accepted' })).toBe('associated');
    expect(associationOutcome(null)).toBe('requested');
  });
});
