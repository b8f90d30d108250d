import { useQuery } from '@apollo/client/react';
import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AttributionSettingsDocument } from '../../../gql/graphql';
import { windowsText } from '../../../components/attribution-windows';

/**
 * A client's attribution windows in its edit dialog, read-only (docs/design.md#attribution-settings): they are
 * changed beside the dashboard's what-if curve, where the reader sees what each window would count.
 */
export function ClientAttributionWindows({ customerId }: { customerId: number }) {
  const { data } = useQuery(AttributionSettingsDocument, { variables: { customerId }, context: { silent: true } });
  const s = data?.attributionSettings;
  if (!s) return null;
  return (
    <Text fontSize="sm" color="gray.700" data-testid="client-attribution-windows">
      {`Attribution windows: ${windowsText(s.touch_window_hours, s.same_day_window_hours)}`}
      {s.pending && ` (changing to ${windowsText(s.pending.touch_window_hours, s.pending.same_day_window_hours)})`}
      {'. '}
      <Link asChild color="blue.700" textDecoration="underline">
        <RouterLink to={`/dashboard?customer=${customerId}`}>
          {s.may_edit ? 'Change them beside the what-if on the dashboard' : 'See them on the dashboard'}
        </RouterLink>
      </Link>
    </Text>
  );
}
