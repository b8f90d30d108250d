import { Badge, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
import { formatDateTime } from '../../components/format';

/** Chip colour by the creator's entity type: broadcaster, agency, customer, other (spec 2). */
const PALETTE: Record<string, string> = { BROADCASTER: 'purple', AGENCY: 'blue', CUSTOMER: 'green' };
const LABEL: Record<string, string> = {
  BROADCASTER: 'Broadcaster',
  AGENCY: 'Agency',
  CUSTOMER: 'Client',
  ADTECH: 'Ad-tech company',
  SYSTEM: 'System',
};

export function CreatedByChip(props: {
  name?: string | null;
  entityType?: string | null;
  entityName?: string | null;
  createdAt?: string | null;
}) {
  if (!props.name) return <Text color="gray.400">-</Text>;
  const type = (props.entityType ?? '').toUpperCase();
  return (
    <Tooltip.Root openDelay={200} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>
        <Badge
          colorPalette={PALETTE[type] ?? 'gray'}
          variant="subtle"
          borderRadius="full"
          px="2.5"
          tabIndex={0}
          cursor="default"
          data-entity-type={type || 'OTHER'}
        >
          {props.name}
        </Badge>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>
            <Stack gap="0" fontSize="xs">
              <Text>Entity type: {LABEL[type] ?? (type || 'Other')}</Text>
              <Text>Entity: {props.entityName ?? '-'}</Text>
              <Text>Created: {formatDateTime(props.createdAt)}</Text>
            </Stack>
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
