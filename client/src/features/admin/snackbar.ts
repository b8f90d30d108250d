import { toaster } from '../../components/toaster';
import { SNACKBAR_MS } from './texts';

/** Success messages stay 6 s (spec 8, 9), longer than the 2.5 s toasts. */
export function snackbar(title: string): void {
  toaster.create({ type: 'success', title, duration: SNACKBAR_MS });
}
