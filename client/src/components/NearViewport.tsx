import type { BoxProps } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useFixedClass } from './static-classes';

/** How far below (or above) the screen a deferred part starts rendering, so a scrolling reader rarely waits. */
export const NEAR_VIEWPORT_MARGIN = '600px';

/**
 * Deferred parts still waiting, each with the function that renders it. Printing, and a keyboard reader's
 * first Tab, render all of them at once: a printout holds the whole page, and the tab order reaches every
 * control instead of jumping from the first screen to the footer past panels that are not there yet.
 */
const waiting = new Set<() => void>();
function revealAll(e: Event) {
  if (e instanceof KeyboardEvent && e.key !== 'Tab') return;
  // Rendered before the key's default action moves the focus (or before the page is laid out for print);
  // again while revealed parts hold deferred parts of their own (a chart inside a panel).
  for (let depth = 0; depth < 4 && waiting.size > 0; depth++) flushSync(() => [...waiting].forEach((r) => r()));
}
function wait(reveal: () => void) {
  if (waiting.size === 0) {
    window.addEventListener('beforeprint', revealAll);
    window.addEventListener('keydown', revealAll, true);
  }
  waiting.add(reveal);
  return () => {
    waiting.delete(reveal);
    if (waiting.size === 0) {
      window.removeEventListener('beforeprint', revealAll);
      window.removeEventListener('keydown', revealAll, true);
    }
  };
}

/**
 * Renders its children once their place comes within NEAR_VIEWPORT_MARGIN of the screen (or the page is
 * printed, or the reader starts tabbing), and keeps them from then on; until then a box of the given height
 * holds the place (no layout shift when they arrive). Panels below the fold cost a phone seconds of main
 * thread at load, most of it Chakra's styles and React drawing parts nobody has scrolled to; code
 * loaded with components/lazy.tsx downloads when first rendered. Without IntersectionObserver the children
 * render at once.
 */
export function NearViewport(props: { height: BoxProps['h']; placeholder?: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(el);
    const stop = wait(() => setNear(true));
    return () => {
      observer.disconnect();
      stop();
    };
  }, [near]);
  // The box as Chakra's <Box w="100%" h={height}> styles it, its class computed once per height: the dashboard's
  // waiting rows are drawn again as their answers arrive.
  const placeholder = useFixedClass(`near-viewport ${JSON.stringify(props.height)}`, () => ({
    css: { w: '100%', h: props.height },
  }));
  if (near) return <>{props.children}</>;
  return (
    <div ref={ref} className={placeholder} data-deferred="">
      {props.placeholder}
    </div>
  );
}
