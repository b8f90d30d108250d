import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  // The same subscription across renders (a new function would unsubscribe and subscribe again each time).
  const subscribe = useCallback(
    (notify: () => void) => {
      if (typeof matchMedia === 'undefined') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => (typeof matchMedia === 'undefined' ? false : matchMedia(query).matches));
}
