import { Box, Button, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { endOfDay, format, startOfDay, subMonths } from 'date-fns';
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import {
  DATE_INPUT_ERROR,
  INPUT_FORMAT,
  isValidRange,
  matchingPreset,
  parseTypedDate,
  PRESETS,
  summarise,
  WEEK,
  type DateRange,
} from './range';

interface Draft {
  start?: Date;
  end?: Date;
}

// react-day-picker reads its variables on .rdp-root, so they are set there; 30px days fit two months in 600px.
const calendarLook = {
  fontSize: 'sm',
  '& .rdp-root': {
    '--rdp-accent-color': '#00405c',
    '--rdp-accent-background-color': '#e6f0f4',
    '--rdp-range_middle-color': '#00405c',
    '--rdp-day-width': '30px',
    '--rdp-day-height': '30px',
    '--rdp-day_button-width': '28px',
    '--rdp-day_button-height': '28px',
    '--rdp-nav-height': '2rem',
    '--rdp-months-gap': '1rem',
  },
  '& .rdp-months': { flexWrap: 'nowrap' },
  '& .rdp-month_caption': { fontSize: 'md' },
  '& .rdp-weekday': { fontSize: 'xs' },
  // The library's default makes selected days large and bold; keep the grid even.
  '& .rdp-selected': { fontSize: 'sm', fontWeight: 'semibold' },
};

/**
 * Presets, two months from Monday, typed dates, Apply/Cancel. Picking a start enters
 * 'Selecting end date...', picking an end completes; Apply needs both dates (spec 2).
 */
export default function RangePanel(props: {
  initial: DateRange;
  now(): Date;
  onApply(range: DateRange): void;
  onCancel(): void;
  onInputError?(error: typeof DATE_INPUT_ERROR): void;
}) {
  const [draft, setDraft] = useState<Draft>(props.initial);
  const [month, setMonth] = useState<Date>(subMonths(props.initial.end, 1));

  function pick(day: Date) {
    setDraft((d) =>
      d.start && !d.end && day.getTime() >= startOfDay(d.start).getTime()
        ? { start: d.start, end: endOfDay(day) }
        : { start: startOfDay(day) },
    );
  }

  function choosePreset(label: string) {
    const preset = PRESETS.find((p) => p.label === label);
    if (!preset) return;
    const r = preset.range(props.now());
    setDraft(r);
    setMonth(subMonths(r.end, 1));
  }

  const selectingEnd = !!draft.start && !draft.end;
  const complete = !!draft.start && !!draft.end;
  const valid = isValidRange(draft);
  const active = complete && valid ? matchingPreset(draft as DateRange, props.now()) : undefined;

  return (
    <Flex gap="3" direction={{ base: 'column', md: 'row' }}>
      <Stack as="ul" gap="0.5" minW="104px" aria-label="Quick select" listStyleType="none">
        {PRESETS.map((p) => (
          <li key={p.label}>
            <Button
              size="xs"
              w="100%"
              justifyContent="flex-start"
              variant={active === p.label ? 'solid' : 'ghost'}
              colorPalette="brand"
              aria-pressed={active === p.label}
              onClick={() => choosePreset(p.label)}
            >
              {p.label}
            </Button>
          </li>
        ))}
      </Stack>
      <Stack flex="1" gap="2" minW="0">
        <HStack gap="2" align="flex-start">
          <TypedDate
            key={`s${draft.start?.getTime()}`}
            label="Start date"
            value={draft.start}
            onValid={(d) => setDraft((r) => ({ ...r, start: startOfDay(d) }))}
            onInvalid={props.onInputError}
          />
          <TypedDate
            key={`e${draft.end?.getTime()}`}
            label="End date"
            value={draft.end}
            onValid={(d) => setDraft((r) => ({ ...r, end: endOfDay(d) }))}
            onInvalid={props.onInputError}
          />
        </HStack>
        <Box overflowX="auto" css={calendarLook}>
          <DayPicker
            mode="range"
            numberOfMonths={2}
            weekStartsOn={WEEK.weekStartsOn}
            month={month}
            onMonthChange={setMonth}
            selected={{ from: draft.start, to: draft.end }}
            onSelect={(_range, day) => pick(day)}
          />
        </Box>
        <HStack justify="space-between" minH="8">
          <Text
            fontSize="sm"
            color={complete && !valid ? 'danger' : 'fg.muted'}
            role="status"
            data-testid="range-status"
          >
            {selectingEnd ? 'Selecting end date...' : complete ? summarise(draft) : ''}
          </Text>
          <HStack>
            <Button size="sm" variant="outline" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              disabled={!complete || !valid}
              onClick={() => props.onApply({ start: startOfDay(draft.start!), end: endOfDay(draft.end!) })}
            >
              Apply
            </Button>
          </HStack>
        </HStack>
      </Stack>
    </Flex>
  );
}

/** A dd/MM/yyyy box, checked when it loses focus or on Enter. */
function TypedDate(props: {
  label: string;
  value?: Date;
  onValid(d: Date): void;
  onInvalid?(e: typeof DATE_INPUT_ERROR): void;
}) {
  const [text, setText] = useState(props.value ? format(props.value, INPUT_FORMAT) : '');
  const [error, setError] = useState(false);

  function commit() {
    if (props.value && text === format(props.value, INPUT_FORMAT)) return;
    if (!text.trim() && !props.value) return;
    const d = parseTypedDate(text);
    if (d) {
      setError(false);
      props.onValid(d);
    } else {
      setError(true);
      props.onInvalid?.(DATE_INPUT_ERROR);
    }
  }

  return (
    <Field.Root invalid={error} flex="1">
      <Field.Label fontSize="xs">{props.label}</Field.Label>
      <Input
        size="sm"
        placeholder={INPUT_FORMAT.toUpperCase()}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      <Field.ErrorText>{DATE_INPUT_ERROR.message}</Field.ErrorText>
    </Field.Root>
  );
}
