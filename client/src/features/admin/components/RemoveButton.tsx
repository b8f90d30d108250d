import { IconButton, Portal, Tooltip } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';

/** Remove action of a row; disabled with the reason in a tooltip when the user may not remove it. */
export function RemoveButton(props: { label: string; onClick(): void; disabled?: boolean; disabledReason?: string }) {
  const reason = props.disabledReason ?? 'No permission to remove';
  const button = (
    <IconButton
      aria-label={props.disabled ? `${props.label}: ${reason}` : props.label}
      size="xs"
      variant="ghost"
      colorPalette="red"
      aria-disabled={props.disabled || undefined}
      opacity={props.disabled ? 0.4 : 1}
      cursor={props.disabled ? 'not-allowed' : 'pointer'}
      onClick={props.disabled ? undefined : props.onClick}
    >
      <LuTrash2 />
    </IconButton>
  );
  if (!props.disabled) return button;
  return (
    <Tooltip.Root openDelay={100} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{reason}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
