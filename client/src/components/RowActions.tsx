import { IconButton, Portal, Tooltip } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuCheck, LuCopy, LuPencil } from 'react-icons/lu';

/** Edit action of a grid row; disabled with a tooltip saying why (spec 6: 'No permission to edit'). */
export function EditButton(props: { onClick(): void; disabled?: boolean; disabledReason?: string; label?: string }) {
  const label = props.label ?? 'Edit';
  const button = (
    <IconButton
      aria-label={props.disabled ? `${label}: ${props.disabledReason ?? 'No permission to edit'}` : label}
      size="xs"
      variant="ghost"
      colorPalette="brand"
      // aria-disabled keeps the button focusable so keyboard users can reach its tooltip.
      aria-disabled={props.disabled || undefined}
      opacity={props.disabled ? 0.4 : 1}
      cursor={props.disabled ? 'not-allowed' : 'pointer'}
      onClick={props.disabled ? undefined : props.onClick}
    >
      <LuPencil />
    </IconButton>
  );
  if (!props.disabled) return button;
  return (
    <Tooltip.Root openDelay={100} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{props.disabledReason ?? 'No permission to edit'}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/** Copies `text` to the clipboard and says 'Copied' for 2 s (spec 9 copy feedback). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <IconButton
      aria-label={copied ? 'Copied' : label}
      title={copied ? 'Copied' : label}
      size="xs"
      variant="ghost"
      colorPalette={copied ? 'green' : 'brand'}
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? <LuCheck /> : <LuCopy />}
    </IconButton>
  );
}
