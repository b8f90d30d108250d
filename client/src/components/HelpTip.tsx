import { IconButton, Portal, Tooltip } from '@chakra-ui/react';
import { LuInfo } from 'react-icons/lu';

/**
 * An info icon whose tooltip explains a figure; focusable so keyboard users reach it too. The tooltip's
 * content is drawn when it first opens (lazyMount) and leaves when it closes: every dashboard card has one, and
 * drawing each hidden tooltip with its card was style work on the first screen.
 */
export function HelpTip({ text, label = 'Help' }: { text: string; label?: string }) {
  return (
    <Tooltip.Root openDelay={150} positioning={{ placement: 'top' }} lazyMount unmountOnExit>
      <Tooltip.Trigger asChild>
        <IconButton aria-label={`${label}: ${text}`} size="2xs" variant="ghost" color="gray.500">
          <LuInfo />
        </IconButton>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="xs">{text}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
