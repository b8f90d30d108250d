import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
// Passed as the recipe: the public pages' small system does not carry it (issue 18).
import { toastSlotRecipe } from '@chakra-theme/recipes/toast';
import { createToastGate } from './toast-gate';

/** Bottom-centre toasts that close after 2500 ms (spec 2, 9). */
export const toaster = createToaster({ placement: 'bottom', duration: 2500, max: 5 });

export type ToastType = 'success' | 'error' | 'info' | 'warning';
const allow = createToastGate();

/** Shows a toast unless an identical one appeared in the last 5 s. Answers whether it was shown. */
export function notify(type: ToastType, title: string, description?: string): boolean {
  if (!allow(`${type}|${title}|${description ?? ''}`)) return false;
  toaster.create({ type, title, description });
  return true;
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root recipe={toastSlotRecipe} width={{ md: 'sm' }} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
