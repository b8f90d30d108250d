import { pickCustomer } from './useStoredCustomer';

const list = [
  { id: 3, name: 'Kiwi Bank' },
  { id: 7, name: 'Southern Cross' },
];

describe('selected customer (spec 4)', () => {
  it('chooses the only customer whatever else is asked', () => {
    expect(pickCustomer([list[1]], 3, 3)).toBe(7);
  });
  it('prefers the page parameter, then the stored one, then the first', () => {
    expect(pickCustomer(list, 7, 3)).toBe(7);
    expect(pickCustomer(list, null, 7)).toBe(7);
    expect(pickCustomer(list, 99, 42)).toBe(3);
  });
  it('is none without customers', () => {
    expect(pickCustomer([], 3, 3)).toBeNull();
  });
});
