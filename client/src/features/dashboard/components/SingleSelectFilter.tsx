import { Box, Button, Popover, Portal, Stack } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { LuCheck } from 'react-icons/lu';
import { ALL, badgeCount, chooseSingle, isAll, type FilterId } from '../state/filter-selection';
import { filterTooltip, type FilterOptionItem } from './MultiSelectFilter';
import { FilterTrigger } from './FilterTooltip';

/** Closes about 100 ms after a pick (spec 2/9). */
export const SINGLE_SELECT_CLOSE_MS = 100;

/** The single-select Site filter: picking replaces the selection and commits it at once. */
export function SingleSelectFilter(props: {
  title: string;
  options: readonly FilterOptionItem[];
  selected: readonly FilterId[];
  onApply(ids: FilterId[]): void;
  disabled?: boolean;
  block?: boolean;
}) {
  const { title, options, selected, onApply, disabled, block } = props;
  const [open, setOpen] = useState(false);
  const triggerId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const tip = filterTooltip(title, selected, options);
  const count = badgeCount(selected);

  const pick = (id: FilterId) => {
    onApply(chooseSingle(id));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), SINGLE_SELECT_CLOSE_MS);
  };
  const rows: FilterOptionItem[] = [{ id: ALL, display_name: `All ${title}s` }, ...options];

  return (
    <Popover.Root
      ids={{ trigger: triggerId }}
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
    >
      <FilterTrigger id={triggerId} title={title} tip={tip} count={count} disabled={disabled} block={block} />
      <Portal>
        <Popover.Positioner>
          <Popover.Content minW="200px" maxW="320px" w="auto" data-testid={`filter-menu-${title}`}>
            <Popover.Body p="2">
              <Box maxH="300px" overflowY="auto">
                <Stack gap="0" role="radiogroup" aria-label={`${title} options`}>
                  {rows.map((o) => {
                    const on = o.id === ALL ? isAll(selected) : selected.some((s) => String(s) === String(o.id));
                    return (
                      <Button
                        key={String(o.id)}
                        role="radio"
                        aria-checked={on}
                        size="sm"
                        variant="ghost"
                        justifyContent="flex-start"
                        fontWeight={on ? 'semibold' : 'normal'}
                        onClick={() => pick(o.id)}
                      >
                        <Box as="span" w="4" display="inline-flex">
                          {on && <LuCheck />}
                        </Box>
                        {o.display_name}
                      </Button>
                    );
                  })}
                </Stack>
              </Box>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
