import { SimpleGrid, Stack } from '@chakra-ui/react';
import { AlertActivityCard } from './panels/AlertActivityCard';
import { CacheCard } from './panels/CacheCard';
import { PipelineCard } from './panels/PipelineCard';
import { QueueCard } from './panels/QueueCard';
import { TodayActivityCard } from './panels/TodayActivityCard';

/** The System Health panels (spec 2 Monitoring): today's activity, the ETL, the queue, the cache, alerts and reports. */
export default function SystemHealthPanels() {
  return (
    <Stack gap="4" data-testid="system-health-tab">
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <TodayActivityCard />
        <Stack gap="4">
          <PipelineCard />
          <QueueCard />
        </Stack>
      </SimpleGrid>
      <CacheCard />
      <AlertActivityCard />
    </Stack>
  );
}
