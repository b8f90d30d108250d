import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An honest placeholder for a screen a later release fills in: no invented content. */
export function NotYetAvailable({ title, description, icon }: { title: string; description: string; icon: ReactNode }) {
  return (
    <EmptyState.Root size="lg" mt="10">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
