import { Center, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';

// The panels carry the charts (Victory): loaded when the tab opens, not with /system-admin.
const SystemHealthPanels = lazy(() => import('./SystemHealthPanels'));

/** The System Health tab of /system-admin (spec 2 Monitoring). */
export function SystemHealthTab() {
  return (
    <Suspense
      fallback={
        <Center gap="3" py="8" role="status">
          <Spinner color="primary" />
          <Text>Loading...</Text>
        </Center>
      }
    >
      <SystemHealthPanels />
    </Suspense>
  );
}
