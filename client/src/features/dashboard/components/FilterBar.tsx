import { Box, Button, Field, HStack, IconButton, Input, NativeSelect, Popover, Portal, Stack } from '@chakra-ui/react';
import { format } from 'date-fns';
import { createContext, memo, useState } from 'react';
import { LuDownload, LuSparkles } from 'react-icons/lu';
import { CustomerSelect } from '../../../components/customer/CustomerSelect';
import { DateRangePicker, type DateRange } from '../../../components/DateRangePicker';
import type { FilterId } from '../state/filter-selection';
import { badgeCount } from '../state/filter-selection';
import {
  COMPARE_MODES,
  DAYPARTS,
  FILTER_KEYS,
  WEEKDAYS,
  type Compare,
  type CompareMode,
  type FilterKey,
  type Selection,
} from '../state/selection';
import { TEXTS, VIEW_LABELS, type DashboardView } from '../texts';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { MultiSelectFilter, type FilterOptionItem } from './MultiSelectFilter';
import { SingleSelectFilter } from './SingleSelectFilter';
import { lazyNamed } from '../../../components/lazy';
import { staticClasses, type StaticStyle } from '../../../components/static-classes';

/**
 * The narrow screens' filter drawer loads only where it is shown (wide screens keep the filters in the bar). Its
 * trigger and dialog machine are drawn again only when the count or the client changes, not on each of the bar's
 * ~7 draws while the first screen loads; the filters inside, drawn while it is open, take the bar's
 * props from BarProps.
 */
const FilterDrawer = memo(
  lazyNamed(() => import('./FilterDrawer'), 'FilterDrawer', <Box w="9" h="8" flexShrink={0} />),
);
export const BarProps = createContext<FilterBarProps | null>(null);

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
  onCompare(compare: Compare): void;
  onAnalyse(): void;
  onExport(): void;
}

/** The whole bar fits in one row from 1400px (xxl, spec 9); below that the filters sit in a drawer. */
export const WIDE_BAR = '(min-width: 1400px)';
/** The md breakpoint (brand.ts), from which the bar shows the view and the range itself. */
const FROM_MD = '(min-width: 768px)';

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

export const COMPARE_LABELS: Record<CompareMode, string> = {
  off: 'No comparison',
  previous: 'Previous period',
  year: 'Same period last year',
  custom: 'Custom range',
};

const DAY = 'yyyy-MM-dd';
const localDay = (v: string) => {
  const [y, m, d] = v.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/**
 * "Compare to" (docs/design.md#period-comparison): off, previous period, same period last year, or a custom range
 * chosen in a small popover. The server resolves the ranges and computes every change.
 */
export function CompareSelect({
  value,
  range,
  onChange,
  disabled,
  block,
}: {
  value: Compare;
  range: DateRange;
  onChange(c: Compare): void;
  disabled?: boolean;
  block?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const openCustom = (c: Compare) => {
    // The picker starts from the chosen custom range, else the same length just before the selected one.
    const len = range.end.getTime() - range.start.getTime();
    const start = c.range?.start ?? new Date(range.start.getTime() - len - 1);
    const end = c.range?.end ?? new Date(range.start.getTime() - 1);
    setFrom(format(start, DAY));
    setTo(format(end, DAY));
    setOpen(true);
  };
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <HStack gap="1" flexShrink={0} w={block ? '100%' : undefined}>
      <NativeSelect.Root size="sm" w={block ? '100%' : '172px'} disabled={disabled}>
        <NativeSelect.Field
          aria-label="Compare to"
          title="Compare to"
          bg="white"
          value={value.mode}
          data-testid="compare-select"
          onChange={(e) => {
            const mode = e.target.value as CompareMode;
            if (mode === 'custom') openCustom(value);
            else onChange({ mode });
          }}
        >
          {COMPARE_MODES.map((m) => (
            <option key={m} value={m}>
              {m === 'off' ? 'Compare to: off' : `vs ${COMPARE_LABELS[m]}`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit>
        <Popover.Anchor asChild>
          <Box w="0" h="8" />
        </Popover.Anchor>
        <Portal>
          <Popover.Positioner>
            <Popover.Content width="260px" data-testid="compare-custom">
              <Popover.Body p="3">
                <Stack gap="2">
                  <Field.Root>
                    <Field.Label>Compare from</Field.Label>
                    <Input type="date" size="sm" value={from} onChange={(e) => setFrom(e.target.value)} />
                  </Field.Root>
                  <Field.Root invalid={!valid}>
                    <Field.Label>Compare until</Field.Label>
                    <Input type="date" size="sm" value={to} onChange={(e) => setTo(e.target.value)} />
                    {!valid && <Field.ErrorText>Choose a start on or before the end.</Field.ErrorText>}
                  </Field.Root>
                  <Button
                    size="sm"
                    colorPalette="brand"
                    disabled={!valid}
                    onClick={() => {
                      const end = localDay(to);
                      end.setHours(23, 59, 59, 999);
                      onChange({ mode: 'custom', range: { start: localDay(from), end } });
                      setOpen(false);
                    }}
                  >
                    {TEXTS.apply}
                  </Button>
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </HStack>
  );
}

/** Drawn again when they are enabled or disabled, not on each of the bar's draws. */
const Actions = memo(function Actions(p: {
  disabled: boolean;
  exporting: boolean;
  onAnalyse(): void;
  onExport(): void;
}) {
  const { disabled } = p;
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
});

// The bar's frame as Chakra's Box and HStack drew it, as fixed classes: the bar is drawn ~7 times while the first
// screen loads (the clients, the address, the options, busy on and off).
const row = (gap: string): StaticStyle => ({
  css: { display: 'flex', alignItems: 'center', flexDirection: 'row', gap, w: '100%', py: '1' },
});
export const useBarClasses = staticClasses({
  bar: {
    css: {
      position: 'sticky',
      top: '60px',
      zIndex: 'docked',
      h: '60px',
      mx: { base: '-3', md: '-6' },
      px: { base: '3', md: '6' },
      bg: 'gray.50',
      borderBottomWidth: '1px',
      display: 'flex',
      alignItems: 'center',
    },
  },
  row: row('2'),
  wideRow: row('1.5'),
  client: { css: { flex: '1', minW: '0' } },
  wideClient: { css: { flex: '0 0 auto', minW: '200px' } },
});

/**
 * The sticky 60px filter bar of spec 2. On wide screens every control is in the bar; below 1400px the
 * filters move into a drawer so the bar still fits in one row.
 */
export const FilterBar = memo(function FilterBar(p: FilterBarProps) {
  const wide = useMediaQuery(WIDE_BAR);
  const fromMd = useMediaQuery(FROM_MD);
  const noClient = p.selection.customerId === null;
  const active = Object.values(p.selection.filters).filter((ids) => badgeCount(ids) > 0).length;
  const c = useBarClasses();
  return (
    <div className={c.bar} data-testid="filter-bar" role="toolbar" aria-label="Dashboard filters">
      <div className={`chakra-stack ${wide ? c.wideRow : c.row}`}>
        {/* Below md the view and the range are in the drawer only: not drawn hidden here. */}
        {fromMd && (
          <Box display={{ base: 'none', md: 'block' }}>
            <ViewSelect value={p.selection.view} onChange={p.onView} />
          </Box>
        )}
        {fromMd && (
          <Box display={{ base: 'none', md: 'block' }} flexShrink={0}>
            <DateRangePicker value={p.selection.range} onChange={p.onRange} disabled={noClient} />
          </Box>
        )}
        {/* At 1400 px and up every filter is in the bar, which leaves Compare to no room: it sits by the title. */}
        {fromMd && !wide && (
          <CompareSelect
            value={p.selection.compare}
            range={p.selection.range}
            onChange={p.onCompare}
            disabled={noClient}
          />
        )}
        <div className={wide ? c.wideClient : c.client}>
          <CustomerSelect
            customers={p.customers}
            value={p.selection.customerId}
            onChange={p.onCustomer}
            loading={p.customersLoading}
          />
        </div>
        {wide && (
          <HStack gap="1.5">
            <Filters p={p} />
          </HStack>
        )}
        {wide && <Box flex="1" />}
        {!wide && (
          <BarProps.Provider value={p}>
            <FilterDrawer active={active} noClient={noClient} />
          </BarProps.Provider>
        )}
        <Actions disabled={noClient || p.busy} exporting={p.exporting} onAnalyse={p.onAnalyse} onExport={p.onExport} />
      </div>
    </div>
  );
});
