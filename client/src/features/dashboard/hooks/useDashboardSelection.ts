import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStoredCustomer } from '../../../components/customer/useStoredCustomer';
import { defaultRange, type DateRange } from '../../../components/DateRangePicker';
import { DashboardCustomersDocument, DashboardFilterOptionsDocument } from '../../../gql/graphql';
import { applyBookings, applyCampaigns } from '../state/cascade';
import { menuLists, type FilterId } from '../state/filter-selection';
import {
  allFilters,
  COMPARE_OFF,
  filterPayload,
  type Compare,
  selectionFromParams,
  selectionToParams,
  type FilterKey,
  type Selection,
} from '../state/selection';
import type { DashboardView } from '../texts';
import type { FilterLists } from '../components/FilterBar';

/** Spec 4/9: the data of a newly chosen customer loads 500 ms after the last change. */
export const CUSTOMER_DEBOUNCE_MS = 500;

function useDebouncedCustomer(id: number | null): number | null {
  const [value, setValue] = useState(id);
  const first = useRef(true);
  useEffect(() => {
    // The first customer of a visit loads at once; changes after that wait for the user to settle.
    if (first.current && id !== null) {
      first.current = false;
      setValue(id);
      return;
    }
    const t = setTimeout(() => setValue(id), CUSTOMER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [id]);
  return value;
}

/**
 * The whole selection of the dashboard. The URL query is its home (bookmarks, sharing, back and
 * forward); the customer also follows the shared stored-customer rules of spec 4.
 */
export function useDashboardSelection() {
  const [params, setParams] = useSearchParams();
  const customersQuery = useQuery(DashboardCustomersDocument);
  const customers = customersQuery.data?.dashboardCustomers;
  // The same (empty) list until the customers arrive, so the memoised filter bar is not drawn again for it.
  const customerList = useMemo(() => customers ?? [], [customers]);
  const { customerId, setCustomerId } = useStoredCustomer(customers);
  const fromUrl = useMemo(() => selectionFromParams(params), [params]);
  const selection: Selection = useMemo(() => ({ ...fromUrl, customerId }), [fromUrl, customerId]);

  // The chosen customer is written into the URL (replacing, not a new history entry).
  useEffect(() => {
    if (customerId !== null && fromUrl.customerId !== customerId) {
      setParams(selectionToParams({ ...fromUrl, customerId }), { replace: true });
    }
  }, [customerId, fromUrl, setParams]);

  const loadedCustomer = useDebouncedCustomer(customerId);
  const optionsQuery = useQuery(DashboardFilterOptionsDocument, {
    variables: { client_id: loadedCustomer ?? 0 },
    skip: loadedCustomer === null,
  });
  // FilterId is a scalar (an integer, or a region code): typed here as the filter state holds it.
  const answered = optionsQuery.data?.dashboardFilters as FilterLists | undefined;
  const options = useMemo(() => answered && menuLists(answered), [answered]);
  const settled = loadedCustomer !== null && loadedCustomer === customerId;

  // Synchronous, not a transition: the panels show their loading state in the same frame as the click.
  const push = useCallback((next: Selection) => setParams(selectionToParams(next), { flushSync: true }), [setParams]);

  const setCustomer = useCallback(
    (id: number | null) => {
      setCustomerId(id);
      // A new customer starts over: last 30 days, every filter back to All (spec 4).
      setParams(
        selectionToParams({
          customerId: id,
          range: defaultRange(),
          view: selection.view,
          filters: allFilters(),
          compare: COMPARE_OFF,
        }),
      );
    },
    [selection.view, setCustomerId, setParams],
  );
  const setRange = useCallback((range: DateRange) => push({ ...selection, range }), [push, selection]);
  const setCompare = useCallback((compare: Compare) => push({ ...selection, compare }), [push, selection]);
  const setView = useCallback((view: DashboardView) => push({ ...selection, view }), [push, selection]);
  const setFilter = useCallback(
    (key: FilterKey, ids: FilterId[]) => {
      const filters = { ...selection.filters, [key]: ids };
      const bookings = options?.bookings ?? [];
      if (key === 'campaign') Object.assign(filters, applyCampaigns(selection.filters, ids, bookings));
      if (key === 'booking') Object.assign(filters, applyBookings(selection.filters, ids, bookings));
      push({ ...selection, filters });
    },
    [options, push, selection],
  );

  const payload = useMemo(
    () => (settled && customerId !== null ? filterPayload({ ...selection, customerId }) : null),
    [settled, customerId, selection],
  );

  return {
    selection,
    customers: customerList,
    customersLoading: customersQuery.loading,
    customersError: customersQuery.error,
    options,
    optionsLoading: optionsQuery.loading || (customerId !== null && !settled),
    payload,
    setCustomer,
    setRange,
    setView,
    setFilter,
    setCompare,
  };
}
