import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const SELECTED_CUSTOMER_KEY = 'infinitum.selectedCustomer';

export interface CustomerOption {
  id: number;
  name: string;
}

function stored(): number | null {
  try {
    const raw = localStorage.getItem(SELECTED_CUSTOMER_KEY);
    const id = raw === null ? NaN : Number(raw);
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * The selected customer of spec 4, shared by the dashboard and campaign management: exactly one customer
 * is chosen automatically; otherwise a `customer` page parameter preselects; otherwise the one kept in
 * local storage; if that is no longer in the list, the first customer, or none.
 */
export function pickCustomer(customers: readonly CustomerOption[], fromUrl: number | null, kept: number | null) {
  if (customers.length === 1) return customers[0].id;
  const has = (id: number | null) => id !== null && customers.some((c) => c.id === id);
  if (has(fromUrl)) return fromUrl;
  if (has(kept)) return kept;
  return customers[0]?.id ?? null;
}

export function useStoredCustomer(customers: readonly CustomerOption[] | undefined) {
  const [params] = useSearchParams();
  const urlValue = params.get('customer');
  const fromUrl = urlValue !== null && /^\d+$/.test(urlValue) ? Number(urlValue) : null;
  // The choice and the list and page parameter it was made for. A new list or parameter re-decides during the
  // render that brings it (React draws again at once, before committing): decided in an effect, the screen
  // committed a frame without a customer first ("select a client", the footer moving up and back: a layout
  // shift on every phone load of the dashboard).
  const [choice, setChoice] = useState<{
    id: number | null;
    list?: readonly CustomerOption[];
    fromUrl?: number | null;
  }>({ id: null });
  let customerId = choice.id;
  if (customers && (customers !== choice.list || fromUrl !== choice.fromUrl)) {
    customerId = pickCustomer(customers, fromUrl, choice.id ?? stored());
    setChoice({ id: customerId, list: customers, fromUrl });
  }

  // Only a new list or a new page parameter re-decides; choices made on screen go through setCustomerId.
  useEffect(() => {
    if (choice.list && choice.id !== null) localStorage.setItem(SELECTED_CUSTOMER_KEY, String(choice.id));
  }, [choice.list, choice.fromUrl]);

  const setCustomerId = useCallback((id: number | null) => {
    setChoice((c) => ({ ...c, id }));
    if (id === null) localStorage.removeItem(SELECTED_CUSTOMER_KEY);
    else localStorage.setItem(SELECTED_CUSTOMER_KEY, String(id));
  }, []);

  return { customerId, setCustomerId };
}
