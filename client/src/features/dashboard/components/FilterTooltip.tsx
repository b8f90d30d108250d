import { Portal, Tooltip } from '@chakra-ui/react';
import type { ReactElement } from 'react';

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
