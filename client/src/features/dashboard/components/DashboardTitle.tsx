import { Box, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { lazyNamed } from '../../../components/lazy';

// Saved views' popover, dialogs and hooks arrive in their own chunk: the dashboard's first download stays within
// its budget (client/scripts/bundle-size.mjs), and the buttons appear as soon as it lands.
const SavedViewsMenu = lazyNamed(() => import('./ViewTools'), 'SavedViewsMenu');
const CopyLinkButton = lazyNamed(() => import('./ViewTools'), 'CopyLinkButton');

/**
 * The page title with Saved views and Copy link at its right: the filter bar has no room left at 1400 px, and
 * beside the title both say what they do in words from md up.
 */
export function DashboardTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <HStack justify="space-between" align="flex-start" gap="2">
      <Box minW="0">{children}</Box>
      <HStack gap="1.5" flexShrink={0} pt="1" data-testid="view-tools">
        {actions}
        <SavedViewsMenu />
        <CopyLinkButton />
      </HStack>
    </HStack>
  );
}
