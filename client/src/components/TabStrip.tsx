import { Tabs } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A page's tab strip: one line that scrolls sideways on a phone (never wraps, never cut to "aigns"), and
 * brings the chosen tab into view whole.
 */
export function TabStrip({ value, children }: { value?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = ref.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !tab) return;
    const left = tab.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft) list.scrollLeft = left;
    else if (left + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = left + tab.offsetWidth - list.clientWidth;
  }, [value]);
  return (
    <Tabs.List
      ref={ref}
      overflowX="auto"
      overflowY="hidden"
      flexWrap="nowrap"
      maxW="100%"
      css={{ scrollbarWidth: 'thin', '& [role=tab]': { flexShrink: 0, whiteSpace: 'nowrap' } }}
      data-testid="tab-strip"
    >
      {children}
    </Tabs.List>
  );
}
