import { Field, HStack, NativeSelect, Stack, Tag, Text } from '@chakra-ui/react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { addOperational, choosePrimary, countryLabel, removeOperational } from './country-form';

export interface CountryOption {
  country_code: string;
  country_name: string;
}

/**
 * Primary and operational countries (spec 3 operational country form, spec 4): choosing a primary adds it to
 * the operational list, and the primary never leaves it. Works on the form's `country_code` and `country_list`.
 */
export function CountryFields<T extends FieldValues>(props: {
  control: Control<T>;
  countries: readonly CountryOption[];
  required?: boolean;
  disabled?: boolean;
  primaryLabel?: string;
}) {
  const primary = useController({ control: props.control, name: 'country_code' as Path<T> });
  const list = useController({ control: props.control, name: 'country_list' as Path<T> });
  const value = {
    primaryCountry: (primary.field.value as string | null) ?? '',
    operationalCountries: (list.field.value as string[] | null) ?? [],
  };
  const set = (next: typeof value) => {
    primary.field.onChange(next.primaryCountry);
    list.field.onChange(next.operationalCountries);
  };
  const nameOf = new Map(props.countries.map((c) => [c.country_code, c]));
  const addable = props.countries.filter((c) => !value.operationalCountries.includes(c.country_code));
  const error =
    primary.fieldState.error?.message &&
    (primary.fieldState.isTouched || primary.formState.isSubmitted || primary.fieldState.error.type === 'server')
      ? primary.fieldState.error.message
      : undefined;
  const listError = list.fieldState.error?.message;

  return (
    <Stack gap="3">
      <Field.Root required={props.required} invalid={!!error} disabled={props.disabled}>
        <Field.Label>
          {props.primaryLabel ?? 'Primary Country'} {props.required && <Field.RequiredIndicator />}
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name={primary.field.name}
            ref={primary.field.ref}
            value={value.primaryCountry}
            onChange={(e) => set(choosePrimary(value, e.target.value))}
            onBlur={primary.field.onBlur}
            placeholder="Select country"
          >
            {props.countries.map((c) => (
              <option key={c.country_code} value={c.country_code}>
                {countryLabel(c)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Field.Root disabled={props.disabled} invalid={!!listError}>
        <Field.Label>Operational Countries</Field.Label>
        <HStack wrap="wrap" gap="2" data-testid="operational-countries" minH="6">
          {value.operationalCountries.length === 0 && (
            <Text fontSize="sm" color="gray.500">
              No operational countries
            </Text>
          )}
          {value.operationalCountries.map((code) => {
            const isPrimary = code === value.primaryCountry;
            const label = nameOf.get(code) ? countryLabel(nameOf.get(code)!) : code;
            return (
              <Tag.Root key={code} size="md" colorPalette={isPrimary ? 'brand' : 'gray'} data-code={code}>
                <Tag.Label>
                  {label}
                  {isPrimary ? ' · primary' : ''}
                </Tag.Label>
                {!isPrimary && !props.disabled && (
                  <Tag.EndElement>
                    <Tag.CloseTrigger
                      aria-label={`Remove ${label}`}
                      onClick={() => set(removeOperational(value, code))}
                    />
                  </Tag.EndElement>
                )}
              </Tag.Root>
            );
          })}
        </HStack>
        {!props.disabled && (
          <NativeSelect.Root size="sm" mt="2">
            <NativeSelect.Field
              aria-label="Add operational country"
              value=""
              onChange={(e) => e.target.value && set(addOperational(value, e.target.value))}
            >
              <option value="">Add operational country…</option>
              {addable.map((c) => (
                <option key={c.country_code} value={c.country_code}>
                  {countryLabel(c)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        {listError && <Field.ErrorText>{listError}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  );
}
