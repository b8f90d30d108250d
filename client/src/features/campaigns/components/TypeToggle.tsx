import { Field, SegmentGroup } from '@chakra-ui/react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TOGGLE_TYPES, TYPE_LABELS } from '../texts';

/**
 * The video/image toggle of the booking and creative modals (spec 2: video 1, image 2). A record already
 * of another type (3 audio) keeps it as a third choice rather than losing it silently.
 */
export function TypeToggle<T extends FieldValues>(props: { control: Control<T>; name: FieldPath<T>; label: string }) {
  const { field } = useController({ control: props.control, name: props.name });
  const value = String(field.value ?? '1');
  const items = TOGGLE_TYPES.some((t) => t.value === value)
    ? TOGGLE_TYPES
    : [...TOGGLE_TYPES, { value, label: TYPE_LABELS[Number(value)] ?? value }];
  return (
    <Field.Root>
      <Field.Label id={`${field.name}-label`}>{props.label}</Field.Label>
      <SegmentGroup.Root
        size="sm"
        value={value}
        name={field.name}
        aria-labelledby={`${field.name}-label`}
        onValueChange={(e) => e.value && field.onChange(e.value)}
        onBlur={field.onBlur}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={items} />
      </SegmentGroup.Root>
    </Field.Root>
  );
}
