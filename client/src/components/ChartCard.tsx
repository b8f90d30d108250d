import { Box, Card, Center, Heading, HStack, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { HelpTip } from './HelpTip';

export type LoadingState = 'loading' | 'ready' | 'empty' | 'error';

/**
 * A panel of the dashboard or a monitoring screen: title, subtitle, help, actions, and its own
 * loading / empty / error state. `data-loading-state` lets end-to-end tests wait for it (cal.com Insights).
 */
export function ChartCard(props: {
  title: string;
  subtitle?: string;
  help?: string;
  actions?: ReactNode;
  state: LoadingState;
  emptyText?: string;
  errorText?: string;
  loadingText?: string;
  minH?: string | number;
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
          {props.actions && state === 'ready' && <HStack gap="1">{props.actions}</HStack>}
        </HStack>
      </Card.Header>
      <Card.Body pt="2" minH={props.minH}>
        {state === 'loading' && (
          <Center flex="1" gap="3" py="8" role="status">
            <Spinner color="primary" />
            <Text>{props.loadingText ?? 'Loading...'}</Text>
          </Center>
        )}
        {state === 'empty' && (
          <Center flex="1" py="8" color="gray.500">
            {props.emptyText ?? 'No data available'}
          </Center>
        )}
        {state === 'error' && (
          <Center flex="1" py="8" color="red.600" role="alert">
            {props.errorText ?? 'Unable to retrieve data. Please try again.'}
          </Center>
        )}
        {state === 'ready' && props.children}
      </Card.Body>
    </Card.Root>
  );
}
