import { Box, HStack, Portal, Text, Tooltip } from '@chakra-ui/react';
import { keyframes } from '@emotion/react';
import { TEXTS } from '../texts';

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(220, 38, 38, 0.6); }
  70% { box-shadow: 0 0 0 8px rgba(220, 38, 38, 0); }
  100% { box-shadow: 0 0 0 0 rgba(220, 38, 38, 0); }
`;

/** Spec 4: green above 50 pings, pulsing red at 1-50, black when not seen in the last 24 hours. */
export function siteTagLook(status: string): { colour: string; tip: string; pulsing: boolean } {
  if (status === 'Active') return { colour: 'green.500', tip: TEXTS.tagActive, pulsing: false };
  if (status === 'Low traffic') return { colour: 'red.600', tip: TEXTS.tagLow, pulsing: true };
  return { colour: 'black', tip: TEXTS.tagNotSeen, pulsing: false };
}

/** The status dot with its tooltip, and the status word beside it (so colour is never the only cue). */
export function SiteTagStatus({ status }: { status: string }) {
  const look = siteTagLook(status);
  return (
    <HStack gap="2">
      <Tooltip.Root openDelay={100} positioning={{ placement: 'top' }}>
        <Tooltip.Trigger asChild>
          <Box
            as="span"
            role="img"
            tabIndex={0}
            aria-label={look.tip}
            data-testid="site-tag-status-icon"
            data-status={status}
            display="inline-block"
            w="3"
            h="3"
            flexShrink={0}
            borderRadius="full"
            bg={look.colour}
            css={look.pulsing ? { animation: `${pulse} 1.5s infinite` } : undefined}
          />
        </Tooltip.Trigger>
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content>{look.tip}</Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      </Tooltip.Root>
      <Text as="span" whiteSpace="nowrap">
        {status}
      </Text>
    </HStack>
  );
}
