import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the screen a deferred part starts loading, so a scrolling reader rarely waits. */
export const NEAR_VIEWPORT_MARGIN = '300px';

/**
 * Renders its children once their place comes within NEAR_VIEWPORT_MARGIN of the screen, and keeps them from
 * then on; until then a box of the given height holds the place (no layout shift when they arrive). Charts and
 * the map below the fold cost a phone seconds of main thread at load (issue 18); their code downloads when
 * they are first rendered (components/lazy.tsx). Without IntersectionObserver the children render at once.
 */
export function NearViewport(props: { height: string; placeholder?: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <>{props.children}</>;
  return (
    <Box ref={ref} w="100%" h={props.height} data-deferred="">
      {props.placeholder}
    </Box>
  );
}
