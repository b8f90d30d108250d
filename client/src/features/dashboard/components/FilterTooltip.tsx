import { Badge, Button, Popover, Portal, Tooltip } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { LuChevronDown } from 'react-icons/lu';

/** A tooltip on a trigger that also opens a popover (the two share the trigger's id). */
export function FilterTooltip({ id, text, children }: { id: string; text: string; children: ReactElement }) {
  return (
    <Tooltip.Root ids={{ trigger: id }} openDelay={300} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs" whiteSpace="pre-line" data-testid="filter-tooltip">
            {text}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/**
 * The button that opens a filter's menu (single or multi-select): its title, the count badge, the
 * selection as tooltip and accessible name; stretched with a chevron in the drawer (`block`).
 */
export function FilterTrigger(props: {
  id: string;
  title: string;
  tip: string;
  count: number;
  disabled?: boolean;
  block?: boolean;
}) {
  const { id, title, tip, count, disabled, block } = props;
  return (
    <FilterTooltip id={id} text={tip}>
      <Popover.Trigger asChild>
        <Button
          size="sm"
          px="2.5"
          variant={count ? 'subtle' : 'outline'}
          colorPalette={count ? 'brand' : 'gray'}
          bg={count ? undefined : 'white'}
          disabled={disabled}
          aria-label={`${title}: ${tip.replace('\n', '. ')}`}
          data-testid={`filter-${title}`}
          w={block ? '100%' : undefined}
          justifyContent={block ? 'space-between' : undefined}
          flexShrink={0}
        >
          {title}
          {count > 0 && (
            <Badge colorPalette="brand" variant="solid" size="sm" data-testid="filter-badge">
              {count}
            </Badge>
          )}
          {block && <LuChevronDown />}
        </Button>
      </Popover.Trigger>
    </FilterTooltip>
  );
}
