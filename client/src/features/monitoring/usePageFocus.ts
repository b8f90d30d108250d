import { useEffect, useState } from 'react';

/** True while the browser tab is visible and focused (spec 7: active users every 10 s then, else 30 s). */
export function usePageFocus(): boolean {
  const read = () => typeof document !== 'undefined' && document.visibilityState === 'visible' && document.hasFocus();
  const [focused, setFocused] = useState(read);
  useEffect(() => {
    const update = () => setFocused(read());
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);
  return focused;
}
