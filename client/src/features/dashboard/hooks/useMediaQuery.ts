import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof matchMedia === 'undefined') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => (typeof matchMedia === 'undefined' ? false : matchMedia(query).matches),
  );
}
