import { Card, Icon, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCircleCheck, LuDollarSign, LuEye, LuMegaphone, LuTriangleAlert } from 'react-icons/lu';
import { formatCount, formatWholeDollars } from './format';
import type { overviewTotals } from './rows';

function SummaryCard(props: {
  title: string;
  value: string;
  note: string;
  icon: ReactNode;
  loading: boolean;
  alert?: boolean;
}) {
  return (
    <Card.Root
      size="sm"
      bg={props.alert ? 'red.50' : 'white'}
      borderColor={props.alert ? 'red.400' : 'gray.200'}
      data-testid={`card-${props.title}`}
      data-alert={props.alert ? 'true' : undefined}
    >
      <Card.Body gap="1">
        <Text fontSize="sm" color={props.alert ? 'red.700' : 'gray.600'} display="flex" alignItems="center" gap="2">
          <Icon color={props.alert ? 'red.600' : 'tint'}>{props.icon}</Icon>
          {props.title}
        </Text>
        <Skeleton loading={props.loading} minH="9">
          <Text fontSize="3xl" fontWeight="bold" color={props.alert ? 'red.700' : 'primary'} data-testid="card-value">
            {props.value}
          </Text>
        </Skeleton>
        <Text fontSize="sm" color={props.alert ? 'red.700' : 'gray.500'}>
          {props.note}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** The four figures above the table (spec 2). */
export function SummaryCards({ totals, loading }: { totals: ReturnType<typeof overviewTotals>; loading: boolean }) {
  const issues = totals.tagIssues;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
      <SummaryCard
        title="Total Impressions"
        value={formatCount(totals.impressions)}
        note={`Across ${totals.activeBookings} active bookings`}
        icon={<LuEye />}
        loading={loading}
      />
      <SummaryCard
        title="Total Ad Spend"
        value={formatWholeDollars(totals.spend)}
        note="Campaign investment"
        icon={<LuDollarSign />}
        loading={loading}
      />
      <SummaryCard
        title="Active Bookings"
        value={formatCount(totals.activeBookings)}
        note="Current campaigns"
        icon={<LuMegaphone />}
        loading={loading}
      />
      <SummaryCard
        title="Site Tag Issues"
        value={formatCount(issues)}
        note={issues === 0 ? 'All systems operational' : 'Needs attention'}
        icon={issues === 0 ? <LuCircleCheck /> : <LuTriangleAlert />}
        loading={loading}
        alert={!loading && issues > 0}
      />
    </SimpleGrid>
  );
}
