import { useEffect, useRef, useState } from 'react';

/**
 * The width of a box, followed as it resizes, so charts keep their spec height at any width. Read from a
 * ResizeObserver, which reports after layout, rather than by asking for the box's size during the commit
 * (a forced layout of the whole page for each chart); `fallback` is the width until the first report
 * (and where ResizeObserver is missing, as in jsdom, the width measured once).
 */
export function useElementWidth<T extends HTMLElement>(fallback = 600) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const set = (w: number) => setWidth(Math.max(200, Math.floor(w)));
    if (typeof ResizeObserver === 'undefined') {
      set(el.getBoundingClientRect().width);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      set(entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
