import { useSyncExternalStore } from 'react';

/** The public pages' own tiny router: the path, kept in sync with back/forward (no router library to download). */
const CHANGE = 'infinitum:navigate';

const subscribe = (listener: () => void) => {
  window.addEventListener('popstate', listener);
  window.addEventListener(CHANGE, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(CHANGE, listener);
  };
};

export const usePath = () => useSyncExternalStore(subscribe, () => window.location.pathname);

/** Moves between public pages in place (toasts survive); the signed-in app is a full load (its own bundle). */
export function go(path: string, options: { replace?: boolean } = {}) {
  if (!isPublicPath(path)) {
    window.location[options.replace ? 'replace' : 'assign'](path);
    return;
  }
  window.history[options.replace ? 'replaceState' : 'pushState'](null, '', path);
  window.dispatchEvent(new Event(CHANGE));
}

/** The routes of spec 2 that need no session. */
export const isPublicPath = (path: string) => /^\/(login|reset-password|accept-invitation|license)(\/|$)/.test(path);
