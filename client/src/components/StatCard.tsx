import { Card, Icon, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One figure with its title and a short note; red when `alert` (spec 2 cards). */
export function StatCard(props: {
  title: string;
  value: string;
  note?: string;
  icon?: ReactNode;
  loading?: boolean;
  alert?: boolean;
  testId?: string;
}) {
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

/** Cards side by side on wide screens, one column on a phone. */
export function StatGrid({ children, max = 4 }: { children: ReactNode; max?: number }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: max }} gap="4">
      {children}
    </SimpleGrid>
  );
}
