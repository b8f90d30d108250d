import { Badge, Box, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { useContext } from 'react';
import { LuSlidersHorizontal } from 'react-icons/lu';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { BarProps, CompareSelect, Filters, ViewSelect } from './FilterBar';

/** Below the wide breakpoint the view, range and filters live in a drawer behind one button. */
export function FilterDrawer({ active, noClient }: { active: number; noClient: boolean }) {
  return (
    // Its filters render when it first opens: on a phone the closed drawer's menus were part of the first
    // screen's render.
    <Drawer.Root placement="end" size="xs" lazyMount>
      <Drawer.Trigger asChild>
        <Button
          size="sm"
          variant="outline"
          bg="white"
          flexShrink={0}
          aria-label={active > 0 ? `Filters (${active})` : 'Filters'}
          px={{ base: '2', md: '3' }}
        >
          <LuSlidersHorizontal />
          <Box as="span" display={{ base: 'none', md: 'inline' }}>
            Filters
          </Box>
          {active > 0 && (
            <Badge colorPalette="brand" variant="solid" size="sm">
              {active}
            </Badge>
          )}
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="filter-drawer">
            <Drawer.Header>
              <Drawer.Title>Filters</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <DrawerFilters noClient={noClient} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** The drawer's controls, drawn again with each of the bar's props while the drawer is open. */
function DrawerFilters({ noClient }: { noClient: boolean }) {
  const p = useContext(BarProps)!;
  return (
    <Stack gap="3">
      <ViewSelect value={p.selection.view} onChange={p.onView} />
      <DateRangePicker value={p.selection.range} onChange={p.onRange} disabled={noClient} />
      <CompareSelect
        value={p.selection.compare}
        range={p.selection.range}
        onChange={p.onCompare}
        disabled={noClient}
        block
      />
      <Filters p={p} block />
    </Stack>
  );
}
