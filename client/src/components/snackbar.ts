import { toaster } from './toaster';

/** How long a success message stays (spec 8, 9). */
export const SNACKBAR_MS = 6000;

/** Success messages stay 6 s (spec 8, 9), longer than the 2.5 s toasts. */
export function snackbar(title: string): void {
  toaster.create({ type: 'success', title, duration: SNACKBAR_MS });
}
