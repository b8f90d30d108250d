import { IconButton, Portal, Tooltip } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { LuBan, LuCheck, LuCopy, LuPencil, LuRefreshCw, LuTrash2 } from 'react-icons/lu';

/** What a row action does: its icon, colour and the reason shown when it is not allowed (spec 6). */
const KINDS = {
  edit: { icon: <LuPencil />, palette: 'brand', denied: 'No permission to edit' },
  remove: { icon: <LuTrash2 />, palette: 'red', denied: 'No permission to remove' },
  rotate: { icon: <LuRefreshCw />, palette: 'brand', denied: 'No permission to rotate', title: 'Rotate' },
  revoke: { icon: <LuBan />, palette: 'red', denied: 'No permission to revoke', title: 'Revoke' },
} satisfies Record<string, { icon: ReactNode; palette: string; denied: string; title?: string }>;

export type RowActionKind = keyof typeof KINDS;

/**
 * The one action button of a grid row (edit, remove, rotate, revoke). Not allowed: it stays focusable
 * (aria-disabled) and a tooltip says why, e.g. spec 6's 'No permission to edit'.
 */
export function RowAction(props: {
  kind: RowActionKind;
  label: string;
  onClick(): void;
  disabled?: boolean;
  disabledReason?: string;
}) {
  const kind = KINDS[props.kind];
  const reason = props.disabledReason ?? kind.denied;
  const button = (
    <IconButton
      aria-label={props.disabled ? `${props.label}: ${reason}` : props.label}
      title={'title' in kind && !props.disabled ? kind.title : undefined}
      size="xs"
      variant="ghost"
      colorPalette={kind.palette}
      // aria-disabled keeps the button focusable so keyboard users can reach its tooltip.
      aria-disabled={props.disabled || undefined}
      opacity={props.disabled ? 0.4 : 1}
      cursor={props.disabled ? 'not-allowed' : 'pointer'}
      onClick={props.disabled ? undefined : props.onClick}
    >
      {kind.icon}
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
