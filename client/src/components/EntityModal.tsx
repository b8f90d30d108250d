import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

/**
 * The dialog of every record form (STYLE: EntityModal). The caller owns a react-hook-form form and passes
 * `form.handleSubmit(save)` as `onSubmit`; closing keeps what was typed unless the caller resets it.
 */
export function EntityModal(props: {
  open: boolean;
  title: string;
  onClose(): void;
  onSubmit(e?: FormEvent): unknown;
  submitting?: boolean;
  submitLabel?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  error?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(d) => !d.open && props.onClose()}
      placement="center"
      size={props.size ?? 'md'}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void props.onSubmit(e);
              }}
              style={{ display: 'contents' }}
            >
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {props.children}
                  {props.error && (
                    <Text color="red.600" role="alert">
                      {props.error}
                    </Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="brand" loading={props.submitting}>
                  {props.submitLabel ?? 'Save'}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
