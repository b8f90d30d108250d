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
  const [customerId, setId] = useState<number | null>(null);
  const urlValue = params.get('customer');
  const fromUrl = urlValue !== null && /^\d+$/.test(urlValue) ? Number(urlValue) : null;

  useEffect(() => {
    if (!customers) return;
    const id = pickCustomer(customers, fromUrl, customerId ?? stored());
    if (id !== customerId) setId(id);
    if (id !== null) localStorage.setItem(SELECTED_CUSTOMER_KEY, String(id));
    // Only a new list or a new page parameter re-decides; choices made on screen go through setCustomerId.
  }, [customers, fromUrl]);

  const setCustomerId = useCallback((id: number | null) => {
    setId(id);
    if (id === null) localStorage.removeItem(SELECTED_CUSTOMER_KEY);
    else localStorage.setItem(SELECTED_CUSTOMER_KEY, String(id));
  }, []);

  return { customerId, setCustomerId };
}
