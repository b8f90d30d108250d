import { Box, Button, Checkbox, Field, HStack, Input, NativeSelect, Popover, Portal, Text } from '@chakra-ui/react';
import { format, isValid, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { LuCalendar, LuX } from 'react-icons/lu';
import {
  useController,
  type Control,
  type ControllerFieldState,
  type FieldPath,
  type FieldValues,
  type UseFormStateReturn,
} from 'react-hook-form';

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
}

/** Spec 5: errors show only after the field is touched (or the form was submitted, or the server named it). */
function visibleError(state: ControllerFieldState, form: UseFormStateReturn<FieldValues>): string | undefined {
  const error = state.error;
  if (!error?.message) return undefined;
  return state.isTouched || form.isSubmitted || error.type === 'server' ? error.message : undefined;
}

function useField<T extends FieldValues>(props: BaseProps<T>) {
  const { field, fieldState, formState } = useController({ control: props.control, name: props.name });
  return { field, error: visibleError(fieldState, formState as UseFormStateReturn<FieldValues>) };
}

/** Text input; with `maxLength` a counter shows what is left (spec 9 warning colour above `warnAbove`). */
export function TextField<T extends FieldValues>(
  props: BaseProps<T> & {
    type?: string;
    placeholder?: string;
    readOnly?: boolean;
    maxLength?: number;
    warnAbove?: number;
    autoComplete?: string;
  },
) {
  const { field, error } = useField(props);
  const value = (field.value as string | null | undefined) ?? '';
  const length = String(value).length;
  return (
    <Field.Root required={props.required} invalid={!!error} disabled={props.disabled} readOnly={props.readOnly}>
      <Field.Label>
        {props.label} {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={field.name}
        ref={field.ref}
        value={value}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        type={props.type ?? 'text'}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
      />
      <HStack justify="space-between" w="100%">
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{props.helperText}</Field.HelperText>}
        {props.maxLength !== undefined && (
          <Text
            fontSize="xs"
            data-testid={`${field.name}-counter`}
            color={
              length > props.maxLength
                ? 'red.600'
                : props.warnAbove !== undefined && length > props.warnAbove
                  ? 'orange.600'
                  : 'gray.500'
            }
          >
            {props.maxLength - length}
          </Text>
        )}
      </HStack>
    </Field.Root>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A native select (keyboard and phones behave as users expect). Value '' means nothing chosen. */
export function SelectField<T extends FieldValues>(
  props: BaseProps<T> & { options: Option[]; placeholder?: string; onChosen?(value: string): void },
) {
  const { field, error } = useField(props);
  return (
    <Field.Root required={props.required} invalid={!!error} disabled={props.disabled}>
      <Field.Label>
        {props.label} {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={field.name}
          ref={field.ref}
          value={field.value == null ? '' : String(field.value)}
          onChange={(e) => {
            field.onChange(e.target.value);
            props.onChosen?.(e.target.value);
          }}
          onBlur={field.onBlur}
          placeholder={props.placeholder}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{props.helperText}</Field.HelperText>}
    </Field.Root>
  );
}

/** A date shown dd-MMM-yyyy; the value is 'yyyy-MM-dd', or null when cleared (spec 2, 4). */
export function DateField<T extends FieldValues>(props: BaseProps<T> & { minDate?: string | null }) {
  const { field, error } = useField(props);
  const value = typeof field.value === 'string' && field.value ? parseISO(field.value) : undefined;
  const min = props.minDate ? parseISO(props.minDate) : undefined;
  const shown = value && isValid(value) ? format(value, 'dd-MMM-yyyy') : '';
  return (
    <Field.Root required={props.required} invalid={!!error} disabled={props.disabled}>
      <Field.Label>
        {props.label} {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <HStack w="100%" gap="1">
        <Popover.Root onOpenChange={(d) => !d.open && field.onBlur()} lazyMount unmountOnExit>
          <Popover.Trigger asChild>
            <Button
              ref={field.ref}
              variant="outline"
              flex="1"
              justifyContent="space-between"
              fontWeight="normal"
              aria-label={`${props.label}: ${shown || 'not set'}`}
              name={field.name}
            >
              <Text color={shown ? 'inherit' : 'gray.400'}>{shown || 'dd-MMM-yyyy'}</Text>
              <LuCalendar />
            </Button>
          </Popover.Trigger>
          <Portal>
            <Popover.Positioner>
              <Popover.Content width="auto">
                <Popover.Body p="2">
                  <Box fontSize="sm">
                    <DayPicker
                      mode="single"
                      weekStartsOn={1}
                      selected={value}
                      defaultMonth={value ?? min}
                      disabled={min ? { before: min } : undefined}
                      onSelect={(d) => field.onChange(d ? format(d, 'yyyy-MM-dd') : null)}
                    />
                  </Box>
                </Popover.Body>
              </Popover.Content>
            </Popover.Positioner>
          </Portal>
        </Popover.Root>
        {shown && !props.disabled && (
          <Button variant="ghost" size="sm" aria-label={`Clear ${props.label}`} onClick={() => field.onChange(null)}>
            <LuX />
          </Button>
        )}
      </HStack>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{props.helperText}</Field.HelperText>}
    </Field.Root>
  );
}

export function CheckboxField<T extends FieldValues>(props: BaseProps<T>) {
  const { field } = useField(props);
  return (
    <Checkbox.Root
      checked={!!field.value}
      onCheckedChange={(e) => field.onChange(e.checked === true)}
      disabled={props.disabled}
      name={field.name}
    >
      <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
      <Checkbox.Control />
      <Checkbox.Label>{props.label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** A form-level message (e.g. a failed save) inside a modal. */
export const FormError = ({ children }: { children?: ReactNode }) =>
  children ? (
    <Text color="red.600" role="alert">
      {children}
    </Text>
  ) : null;
