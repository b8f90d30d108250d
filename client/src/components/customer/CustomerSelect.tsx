import { NativeSelect } from '@chakra-ui/react';
import { memo } from 'react';
import type { CustomerOption } from './useStoredCustomer';

/**
 * The client dropdown (spec 2): min width 200, max 300; disabled while loading or with no clients. Drawn again
 * only when its own props change (the dashboard's filter bar is drawn ~7 times while its first screen loads).
 */
export const CustomerSelect = memo(function CustomerSelect(props: {
  customers: readonly CustomerOption[];
  value: number | null;
  onChange(id: number | null): void;
  loading?: boolean;
  placeholder?: string;
  label?: string;
}) {
  const disabled = props.loading || props.customers.length === 0;
  return (
    <NativeSelect.Root size="sm" minW="200px" maxW="300px" disabled={disabled}>
      <NativeSelect.Field
        aria-label={props.label ?? 'Client'}
        value={props.value === null ? '' : String(props.value)}
        onChange={(e) => props.onChange(e.target.value === '' ? null : Number(e.target.value))}
        placeholder={props.placeholder ?? 'Select Client'}
        data-testid="customer-select"
      >
        {props.customers.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
});
