import { Box, Button, Checkbox, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { ALL, badgeCount, chooseOption, isAll, selectionSummary, type FilterId } from '../state/filter-selection';
import { TEXTS } from '../texts';
import { FilterTrigger } from './FilterTooltip';

export interface FilterOptionItem {
  id: FilterId;
  display_name: string;
}

export interface MultiSelectFilterProps {
  /** Singular title: 'Region' gives 'All Regions' and '3 Regions selected' (spec 4). */
  title: string;
  options: readonly FilterOptionItem[];
  selected: readonly FilterId[];
  onApply(ids: FilterId[]): void;
  disabled?: boolean;
  /** A second tooltip line (Campaign and Booking, spec 2). */
  hint?: string;
  /** Stretch to the container (drawer). */
  block?: boolean;
}

/** The tooltip of a filter: the selection (spec 4), then the spec 2 hint if any. */
export const filterTooltip = (
  title: string,
  selected: readonly FilterId[],
  options: readonly FilterOptionItem[],
  hint?: string,
) => [selectionSummary(title, selected, options), hint].filter(Boolean).join('\n');

/**
 * A multi-select filter: a menu of checkboxes (All first) whose choice is committed by Apply, which
 * closes it; closing otherwise drops the draft. Max height 300, min width 200 (spec 2/9).
 */
export function MultiSelectFilter({
  title,
  options,
  selected,
  onApply,
  disabled,
  hint,
  block,
}: MultiSelectFilterProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FilterId[]>([...selected]);
  const triggerId = useId();
  const count = badgeCount(selected);
  const tip = filterTooltip(title, selected, options, hint);
  const ids = options.map((o) => o.id);
  const allOn = isAll(draft);

  return (
    <Popover.Root
      ids={{ trigger: triggerId }}
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) setDraft([...selected]);
      }}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
    >
      <FilterTrigger id={triggerId} title={title} tip={tip} count={count} disabled={disabled} block={block} />
      <Portal>
        <Popover.Positioner>
          <Popover.Content minW="200px" maxW="320px" w="auto" data-testid={`filter-menu-${title}`}>
            <Popover.Body p="2">
              {hint && (
                <Text fontSize="xs" color="gray.600" px="1" pb="1">
                  {hint}
                </Text>
              )}
              <Box maxH="300px" overflowY="auto" px="1">
                <Stack gap="1" role="group" aria-label={`${title} options`}>
                  <Checkbox.Root
                    size="sm"
                    checked={allOn}
                    onCheckedChange={() => setDraft((d) => chooseOption(d, ALL, ids))}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{`All ${title}s`}</Checkbox.Label>
                  </Checkbox.Root>
                  {options.length === 0 && (
                    <Text fontSize="sm" color="gray.500">
                      {TEXTS.noOptions(`${title.toLowerCase()}s`)}
                    </Text>
                  )}
                  {options.map((o) => (
                    <Checkbox.Root
                      key={String(o.id)}
                      size="sm"
                      checked={!allOn && draft.some((d) => String(d) === String(o.id))}
                      onCheckedChange={() => setDraft((d) => chooseOption(d, o.id, ids))}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{o.display_name}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
              </Box>
              <Button
                mt="2"
                size="sm"
                w="100%"
                colorPalette="brand"
                onClick={() => {
                  onApply(draft);
                  setOpen(false);
                }}
              >
                {TEXTS.apply}
              </Button>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
