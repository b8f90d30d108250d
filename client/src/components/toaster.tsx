import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
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

const ToasterView = lazy(() => import('./ToasterView').then((m) => ({ default: m.Toaster })));

/**
 * Where the toasts appear, loaded once the first screen has rendered and the browser is idle: nothing on a
 * first paint needs the toast's state machine and parts. A toast created earlier waits in the
 * store and shows when this mounts.
 */
export function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setReady(true), 0);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setReady(true), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
