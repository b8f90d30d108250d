import { Box } from '@chakra-ui/react';
import { lazyNamed } from '../../../components/lazy';

/**
 * The Victory charts load in their own chunk when a panel first draws one, so the dashboard's first
 * download stays within its budget; until then the chart's box keeps its height (no layout shift).
 */
export const HorizontalBars = lazyNamed(
  () => import('./HorizontalBars'),
  'HorizontalBars',
  (p) => <Box w="100%" h={`${p.height}px`} data-chart-loading="" />,
);

export const GaugeChart = lazyNamed(
  () => import('./GaugeChart'),
  'GaugeChart',
  <Box h="140px" data-chart-loading="" />,
);

export const VisitsOverTimeChart = lazyNamed(
  () => import('./VisitsOverTimeChart'),
  'VisitsOverTimeChart',
  <Box w="100%" h="400px" data-chart-loading="" />,
);
