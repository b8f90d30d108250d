import { Box, Card, Center, Heading, HStack, Icon, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuEye } from 'react-icons/lu';
import { renderedBoth } from '../test/same-render';
import { ChartCard, type LoadingState } from './ChartCard';
import { Column } from './Column';
import { HelpTip } from './HelpTip';
import { NearViewport } from './NearViewport';
import { PageHeading } from './PageHeading';
import { StatCard } from './StatCard';

// StatCard as it was written with Chakra's components (now its elements are fixed classes).
function ChakraStatCard(props: Parameters<typeof StatCard>[0]) {
  return (
    <Card.Root
      size="sm"
      bg={props.alert ? 'red.50' : 'white'}
      borderColor={props.alert ? 'red.400' : 'gray.200'}
      data-testid={props.testId ?? `card-${props.title}`}
      data-alert={props.alert ? 'true' : undefined}
    >
      <Card.Body gap="1">
        <Text fontSize="sm" color={props.alert ? 'red.700' : 'gray.600'} display="flex" alignItems="center" gap="2">
          {props.icon && <Icon color={props.alert ? 'red.600' : 'tint'}>{props.icon}</Icon>}
          {props.title}
        </Text>
        <Skeleton loading={!!props.loading} minH="9">
          <Text fontSize="3xl" fontWeight="bold" color={props.alert ? 'red.700' : 'primary'} data-testid="card-value">
            {props.value}
          </Text>
        </Skeleton>
        {props.note && (
          <Text fontSize="sm" color={props.alert ? 'red.700' : 'gray.500'}>
            {props.note}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

describe('StatCard (fixed classes)', () => {
  it.each([
    { title: 'Ad Spend', value: '$1.2K' },
    { title: 'Ad Spend', value: '-', loading: true },
    { title: 'Total Impressions', value: '1,234', note: 'Across 3 active bookings', icon: <LuEye /> },
    { title: 'Site Tag Issues', value: '2', note: 'Needs attention', icon: <LuEye />, alert: true },
    { title: 'Site Tag Issues', value: '2', note: 'Needs attention', icon: <LuEye />, alert: true, loading: true },
  ])('renders what Chakra renders for $title (loading $loading, alert $alert)', (props) => {
    const [chakra, fixed] = renderedBoth(<ChakraStatCard {...props} />, <StatCard {...props} />);
    expect(fixed).toEqual(chakra);
  });
});

// ChartCard's frame as it was written with Chakra's components.
function ChakraChartCard(props: {
  title: string;
  subtitle?: string;
  help?: string;
  actions?: ReactNode;
  state: LoadingState;
  children?: ReactNode;
  testId?: string;
}) {
  const { state } = props;
  return (
    <Card.Root size="sm" bg="white" data-loading-state={state} data-testid={props.testId} h="100%">
      <Card.Header pb="1">
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Box minW="0">
            <HStack gap="1">
              <Heading as="h2" size="md" color="primary">
                {props.title}
              </Heading>
              {props.help && <HelpTip text={props.help} label={props.title} />}
            </HStack>
            {props.subtitle && (
              <Text fontSize="sm" color="gray.600">
                {props.subtitle}
              </Text>
            )}
          </Box>
          {props.actions && state === 'ready' && (
            <HStack gap="1" wrap="wrap">
              {props.actions}
            </HStack>
          )}
        </HStack>
      </Card.Header>
      <Card.Body pt="2">
        {state === 'loading' && (
          <Center flex="1" gap="3" py="8" role="status">
            <Spinner color="primary" />
            <Text>Loading...</Text>
          </Center>
        )}
        {state === 'ready' && props.children}
      </Card.Body>
    </Card.Root>
  );
}

describe('ChartCard (fixed frame)', () => {
  it.each<Parameters<typeof ChakraChartCard>[0]>([
    { title: 'Correlation', state: 'loading' },
    { title: 'Correlation', subtitle: 'Impressions against all visits', help: 'Pearson.', state: 'ready' },
    { title: 'Regions', subtitle: 'Visits', state: 'ready', actions: <button>Table</button>, testId: 'panel-x' },
  ])('renders what Chakra renders for $title ($state)', (props) => {
    const [chakra, fixed] = renderedBoth(
      <ChakraChartCard {...props}>
        <svg />
      </ChakraChartCard>,
      <ChartCard {...props}>
        <svg />
      </ChartCard>,
    );
    expect(fixed).toEqual(chakra);
  });
});

describe('PageHeading (fixed class)', () => {
  it('renders what Chakra renders', () => {
    const [chakra, fixed] = renderedBoth(
      <Heading as="h1" size="2xl" color="primary" mb="4">
        Advanced analytics
      </Heading>,
      <PageHeading>Advanced analytics</PageHeading>,
    );
    expect(fixed).toEqual(chakra);
  });
});

test('Column renders what Stack gap="4" renders', () => {
  const [chakra, fixed] = renderedBoth(
    <Stack gap="4" data-testid="summary-view">
      <p>row</p>
    </Stack>,
    <Column data-testid="summary-view">
      <p>row</p>
    </Column>,
  );
  expect(fixed).toEqual(chakra);
});

test("NearViewport's waiting box renders what Box w=100% h={height} renders, for each height", () => {
  // Without IntersectionObserver NearViewport draws its children at once: the box is drawn with one.
  const IO = class {
    observe() {}
    disconnect() {}
  };
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = IO;
  try {
    for (const h of [{ base: '535px', md: '274px' }, '400px']) {
      const [chakra, fixed] = renderedBoth(
        <Box w="100%" h={h} data-deferred="" />,
        <NearViewport height={h}>
          <p>row</p>
        </NearViewport>,
      );
      expect(fixed).toEqual(chakra);
    }
  } finally {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  }
});
