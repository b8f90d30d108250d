import { Box, Button, HStack, IconButton, NativeSelect } from '@chakra-ui/react';
import { LuDownload, LuSparkles } from 'react-icons/lu';
import { CustomerSelect } from '../../../components/customer/CustomerSelect';
import { DateRangePicker, type DateRange } from '../../../components/DateRangePicker';
import type { FilterId } from '../state/filter-selection';
import { badgeCount } from '../state/filter-selection';
import { DAYPARTS, FILTER_KEYS, WEEKDAYS, type FilterKey, type Selection } from '../state/selection';
import { TEXTS, VIEW_LABELS, type DashboardView } from '../texts';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { MultiSelectFilter, type FilterOptionItem } from './MultiSelectFilter';
import { SingleSelectFilter } from './SingleSelectFilter';
import { lazyNamed } from '../../../components/lazy';

/** The narrow screens' filter drawer loads only where it is shown (wide screens keep the filters in the bar). */
const FilterDrawer = lazyNamed(() => import('./FilterDrawer'), 'FilterDrawer', <Box w="9" h="8" flexShrink={0} />);

export interface FilterLists {
  regions: readonly FilterOptionItem[];
  campaigns: readonly FilterOptionItem[];
  bookings: readonly (FilterOptionItem & { campaign_id: number })[];
  creatives: readonly FilterOptionItem[];
  channels: readonly FilterOptionItem[];
  sites: readonly FilterOptionItem[];
}

export interface FilterBarProps {
  selection: Selection;
  customers: readonly { id: number; name: string }[];
  customersLoading: boolean;
  options: FilterLists | undefined;
  /** Bookings shown under the current campaign choice (the cascade). */
  bookingOptions: readonly FilterOptionItem[];
  busy: boolean;
  exporting: boolean;
  onCustomer(id: number | null): void;
  onRange(range: DateRange): void;
  onView(view: DashboardView): void;
  onFilter(key: FilterKey, ids: FilterId[]): void;
  onAnalyse(): void;
  onExport(): void;
}

/** The whole bar fits in one row from 1400px (xxl, spec 9); below that the filters sit in a drawer. */
export const WIDE_BAR = '(min-width: 1400px)';

const TITLES: Record<FilterKey, string> = {
  region: 'Region',
  campaign: 'Campaign',
  booking: 'Booking',
  creative: 'Creative',
  channel: 'Channel',
  weekday: 'Weekday',
  daypart: 'Daypart',
  site: 'Site',
};

export function Filters({ p, block }: { p: FilterBarProps; block?: boolean }) {
  const noClient = p.selection.customerId === null;
  const o = p.options;
  const lists: Record<FilterKey, readonly FilterOptionItem[]> = {
    region: o?.regions ?? [],
    campaign: o?.campaigns ?? [],
    booking: p.bookingOptions,
    creative: o?.creatives ?? [],
    channel: o?.channels ?? [],
    weekday: WEEKDAYS,
    daypart: DAYPARTS,
    site: o?.sites ?? [],
  };
  const hints: Partial<Record<FilterKey, string>> = { campaign: TEXTS.campaignHint, booking: TEXTS.bookingHint };
  return (
    <>
      {FILTER_KEYS.map((key) =>
        key === 'site' ? (
          <SingleSelectFilter
            key={key}
            title={TITLES[key]}
            options={lists[key]}
            selected={p.selection.filters[key]}
            onApply={(ids) => p.onFilter(key, ids)}
            disabled={noClient}
            block={block}
          />
        ) : (
          <MultiSelectFilter
            key={key}
            title={TITLES[key]}
            options={lists[key]}
            selected={p.selection.filters[key]}
            onApply={(ids) => p.onFilter(key, ids)}
            disabled={noClient}
            hint={hints[key]}
            block={block}
          />
        ),
      )}
    </>
  );
}

export function ViewSelect({ value, onChange }: { value: DashboardView; onChange(v: DashboardView): void }) {
  return (
    <NativeSelect.Root size="sm" w={{ base: '100%', md: '132px' }} flexShrink={0}>
      <NativeSelect.Field
        aria-label="Dashboard type"
        bg="white"
        value={value}
        onChange={(e) => onChange(e.target.value as DashboardView)}
        data-testid="view-select"
      >
        {Object.entries(VIEW_LABELS).map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function Actions({ p }: { p: FilterBarProps }) {
  const disabled = p.selection.customerId === null || p.busy;
  return (
    <>
      <Button
        size="sm"
        colorPalette="brand"
        onClick={p.onAnalyse}
        disabled={disabled}
        flexShrink={0}
        aria-label={TEXTS.runAnalysis}
        px={{ base: '2', md: '3' }}
      >
        <LuSparkles />
        <Box as="span" display={{ base: 'none', md: 'inline' }}>
          {TEXTS.runAnalysis}
        </Box>
      </Button>
      <IconButton
        size="sm"
        variant="outline"
        bg="white"
        aria-label={TEXTS.exportAll}
        title={TEXTS.exportAll}
        onClick={p.onExport}
        disabled={disabled}
        loading={p.exporting}
        flexShrink={0}
      >
        <LuDownload />
      </IconButton>
    </>
  );
}

/**
 * The sticky 60px filter bar of spec 2. On wide screens every control is in the bar; below 1400px the
 * filters move into a drawer so the bar still fits in one row.
 */
export function FilterBar(p: FilterBarProps) {
  const wide = useMediaQuery(WIDE_BAR);
  const noClient = p.selection.customerId === null;
  const active = Object.values(p.selection.filters).filter((ids) => badgeCount(ids) > 0).length;
  return (
    <Box
      position="sticky"
      top="60px"
      zIndex="docked"
      h="60px"
      mx={{ base: '-3', md: '-6' }}
      px={{ base: '3', md: '6' }}
      bg="gray.50"
      borderBottomWidth="1px"
      display="flex"
      alignItems="center"
      data-testid="filter-bar"
      role="toolbar"
      aria-label="Dashboard filters"
    >
      <HStack gap={wide ? '1.5' : '2'} w="100%" py="1">
        <Box display={{ base: 'none', md: 'block' }}>
          <ViewSelect value={p.selection.view} onChange={p.onView} />
        </Box>
        <Box display={{ base: 'none', md: 'block' }} flexShrink={0}>
          <DateRangePicker value={p.selection.range} onChange={p.onRange} disabled={noClient} />
        </Box>
        <Box flex={wide ? '0 0 auto' : '1'} minW={wide ? '200px' : '0'}>
          <CustomerSelect
            customers={p.customers}
            value={p.selection.customerId}
            onChange={p.onCustomer}
            loading={p.customersLoading}
          />
        </Box>
        {wide && (
          <HStack gap="1.5">
            <Filters p={p} />
          </HStack>
        )}
        {wide && <Box flex="1" />}
        {!wide && <FilterDrawer p={p} active={active} noClient={noClient} />}
        <Actions p={p} />
      </HStack>
    </Box>
  );
}
