import { Box } from '@chakra-ui/react';
import type { ComponentProps, ComponentType } from 'react';
import { lazyNamed } from '../../../components/lazy';
import { NearViewport } from '../../../components/NearViewport';
import { FREQUENCY_HEIGHT, WHAT_IF_HEIGHT } from '../utils/chart-data';

/**
 * The Victory charts load in their own chunk when a panel first draws one, so the dashboard's first
 * download stays within its budget, and a chart is drawn only once it comes near the screen (a phone spends
 * seconds drawing charts nobody has scrolled to yet); until then the chart's box keeps its height
 * (no layout shift). `data-chart-loading` marks a chart whose code is on its way.
 */
function nearViewport<P extends object>(Chart: ComponentType<P>, height: (p: P) => string): ComponentType<P> {
  function Deferred(props: P) {
    return (
      <NearViewport height={height(props)}>
        <Chart {...props} />
      </NearViewport>
    );
  }
  Deferred.displayName = `NearViewport(${Chart.displayName ?? 'Chart'})`;
  return Deferred;
}

const LazyBars = lazyNamed(
  () => import('./HorizontalBars'),
  'HorizontalBars',
  (p) => <Box w="100%" h={`${p.height}px`} data-chart-loading="" />,
);
export const HorizontalBars = nearViewport<ComponentProps<typeof LazyBars>>(LazyBars, (p) => `${p.height}px`);

export const VisitsOverTimeChart = nearViewport(
  lazyNamed(
    () => import('./VisitsOverTimeChart'),
    'VisitsOverTimeChart',
    <Box w="100%" h="400px" data-chart-loading="" />,
  ),
  () => '400px',
);

export const FrequencyChart = nearViewport(
  lazyNamed(
    () => import('./FrequencyChart'),
    'FrequencyChart',
    <Box w="100%" h={`${FREQUENCY_HEIGHT}px`} data-chart-loading="" />,
  ),
  () => `${FREQUENCY_HEIGHT}px`,
);

export const WhatIfChart = nearViewport(
  lazyNamed(
    () => import('./WhatIfChart'),
    'WhatIfChart',
    <Box w="100%" h={`${WHAT_IF_HEIGHT}px`} data-chart-loading="" />,
  ),
  () => `${WHAT_IF_HEIGHT}px`,
);
