import { Alert } from '@chakra-ui/react';
import { format } from 'date-fns';
import type { DateRange } from '../../../components/DateRangePicker/range';
import { formatDay } from '../../../components/format';
import { TEXTS } from '../texts';

/**
 * Says plainly when the range starts before the first day the customer still keeps (docs/design.md#retention):
 * the days before it were removed, so their figures are not zero traffic but no data. Day and months are the
 * server's (dashboardCustomers.kept_from, retention_months).
 */
export function RetentionNotice(props: {
  customer: { name: string; retention_months: number; kept_from: string } | undefined;
  range: DateRange;
}) {
  const { customer, range } = props;
  if (!customer || format(range.start, 'yyyy-MM-dd') >= customer.kept_from) return null;
  return (
    <Alert.Root status="info" size="sm" data-testid="retention-notice">
      <Alert.Indicator />
      <Alert.Description>
        {TEXTS.retentionNotice(customer.name, customer.retention_months, formatDay(customer.kept_from))}
      </Alert.Description>
    </Alert.Root>
  );
}
