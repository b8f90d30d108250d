import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

/** Asks before something that cannot be undone (spec 8 confirmations). */
export function ConfirmDialog(props: {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  loading?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(d) => !d.open && props.onClose()}
      role="alertdialog"
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title ?? 'Please confirm'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{props.message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                {props.cancelLabel ?? 'Cancel'}
              </Button>
              <Button
                colorPalette={props.destructive ? 'red' : 'brand'}
                loading={props.loading}
                onClick={props.onConfirm}
              >
                {props.confirmLabel ?? 'Confirm'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
