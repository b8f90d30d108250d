import { Box, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { lazyNamed } from '../../../components/lazy';

// Saved views' popover, dialogs and hooks arrive in their own chunk: the dashboard's first download stays within
// its budget (client/scripts/bundle-size.mjs), and the buttons appear as soon as it lands.
const SavedViewsMenu = lazyNamed(() => import('./ViewTools'), 'SavedViewsMenu');
const CopyLinkButton = lazyNamed(() => import('./ViewTools'), 'CopyLinkButton');

/**
 * The page title, and under it at the right Compare to (wide screens), Live, Saved views and Copy link: the filter
 * bar has no room left at 1400 px. The heading keeps the whole width, as the prerendered page shell draws it.
 */
export function DashboardTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Box>
      {children}
      <HStack justify="flex-end" gap="1.5" flexWrap="wrap" mt="1" data-testid="view-tools">
        {actions}
        <SavedViewsMenu />
        <CopyLinkButton />
      </HStack>
    </Box>
  );
}
