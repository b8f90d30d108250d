import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { pickCustomer, SELECTED_CUSTOMER_KEY, useStoredCustomer, type CustomerOption } from './useStoredCustomer';

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

describe('useStoredCustomer', () => {
  const committed: (number | null)[] = [];
  function Probe({ customers }: { customers?: readonly CustomerOption[] }) {
    const { customerId } = useStoredCustomer(customers);
    useLayoutEffect(() => void committed.push(customerId));
    return null;
  }
  const at = (ui: ReactElement, url = '/dashboard') => <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>;

  beforeEach(() => {
    committed.length = 0;
    localStorage.clear();
  });

  it('commits the chosen customer with the list that brings it, never a frame without one', () => {
    localStorage.setItem(SELECTED_CUSTOMER_KEY, '7');
    const { rerender } = render(at(<Probe />));
    rerender(at(<Probe customers={list} />));
    expect(committed).toEqual([null, 7]);
    expect(localStorage.getItem(SELECTED_CUSTOMER_KEY)).toBe('7');
  });

  it('follows a new page parameter, and keeps a choice made on screen while the list stays', () => {
    const { rerender } = render(at(<Probe customers={list} />, '/dashboard?customer=7'));
    expect(committed).toEqual([7]);
    rerender(at(<Probe customers={list} />, '/dashboard?customer=7'));
    expect(committed.at(-1)).toBe(7);
    expect(localStorage.getItem(SELECTED_CUSTOMER_KEY)).toBe('7');
  });
});
