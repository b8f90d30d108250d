import { Box, HStack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useLiveFeed } from '../../../components/useLiveFeed';

/** Which of the customer's tags have ever received a hit, pushed live (docs/design.md#live-view). */
export interface TagReception {
  impression: ReadonlySet<number>;
  site: ReadonlySet<number>;
  /** False until the first snapshot arrived: the column shows nothing rather than a wrong "Waiting". */
  known: boolean;
}

/**
 * The server's `received` tag ids over the live feed (server-sent events, not polling): a tag placed a moment
 * ago flips to "Receiving" as soon as the ETL commits its first hit.
 */
export function useTagReception(customerId: number): TagReception {
  const { snapshot } = useLiveFeed(customerId);
  return useMemo(
    () => ({
      impression: new Set(snapshot?.received?.impression ?? []),
      site: new Set(snapshot?.received?.site ?? []),
      known: snapshot !== null,
    }),
    [snapshot],
  );
}

/** "Waiting for first hit" or "Receiving", in words beside the dot (colour is never the only cue). */
export function FirstHitStatus({ received, known }: { received: boolean; known: boolean }) {
  if (!known)
    return (
      <Text as="span" color="gray.500" data-testid="first-hit">
        …
      </Text>
    );
  const text = received ? 'Receiving' : 'Waiting for first hit';
  return (
    <HStack gap="2" data-testid="first-hit" data-received={received ? 'true' : 'false'}>
      <Box
        as="span"
        aria-hidden="true"
        display="inline-block"
        w="2.5"
        h="2.5"
        flexShrink={0}
        borderRadius="full"
        bg={received ? 'green.500' : 'gray.400'}
      />
      <Text as="span" whiteSpace="nowrap">
        {text}
      </Text>
    </HStack>
  );
}
