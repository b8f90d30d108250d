import { Button, Center, Popover, Portal, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuCalendar } from 'react-icons/lu';
import { summarise, type DATE_INPUT_ERROR, type DateRange } from './range';

// The calendar (react-day-picker) loads when the picker first opens, not with the page.
const RangePanel = lazy(() => import('./RangePanel'));

export interface DateRangePickerProps {
  value: DateRange;
  onChange(range: DateRange): void;
  disabled?: boolean;
  /** Clock for presets; tests pass a fixed one. */
  now?: () => Date;
  /** Told when a typed date is not a date (code 1, 'Date input not valid.'). */
  onInputError?(error: typeof DATE_INPUT_ERROR): void;
}

/** A button with the range summary that opens the calendar and presets in a 600px popover (spec 2). */
export function DateRangePicker({ value, onChange, disabled, now, onInputError }: DateRangePickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <Button variant="outline" bg="white" disabled={disabled} data-testid="date-range-button">
          <LuCalendar />
          {summarise(value)}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="600px" maxW="calc(100vw - 16px)" data-testid="date-range-popover">
            <Popover.Body p="3">
              <Suspense
                fallback={
                  <Center h="300px">
                    <Spinner color="primary" />
                  </Center>
                }
              >
                {/* Mounted on each opening, so the draft is seeded with the committed range. */}
                <RangePanel
                  initial={value}
                  now={now ?? (() => new Date())}
                  onInputError={onInputError}
                  onCancel={() => setOpen(false)}
                  onApply={(r) => {
                    onChange(r);
                    setOpen(false);
                  }}
                />
              </Suspense>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
