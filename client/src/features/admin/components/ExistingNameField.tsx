import { Box, Button, Field, HStack, Input, List, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { suggestionsFor } from '../association';

/**
 * The name field of the agency and client modals (spec 4, 5): from 2 typed characters it offers up to 10
 * existing unassociated records; picking one switches the modal to association mode (the caller's onPick).
 */
export function ExistingNameField<T extends FieldValues, C>(props: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  candidates: readonly C[] | null;
  nameOf(c: C): string;
  idOf(c: C): number;
  onPick(c: C): void;
  emptyHint: string;
  readOnly?: boolean;
  required?: boolean;
}) {
  const { field, fieldState, formState } = useController({ control: props.control, name: props.name });
  const [open, setOpen] = useState(false);
  const listId = useId();
  const value = (field.value as string | null) ?? '';
  const searching = !props.readOnly && props.candidates !== null;
  const suggestions = searching ? suggestionsFor(value, props.candidates ?? [], props.nameOf) : null;
  const showList = open && suggestions !== null;
  const error =
    fieldState.error?.message && (fieldState.isTouched || formState.isSubmitted || fieldState.error.type === 'server')
      ? fieldState.error.message
      : undefined;

  return (
    <Field.Root required={props.required} invalid={!!error} readOnly={props.readOnly}>
      <Field.Label>
        {props.label} {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={field.name}
        ref={field.ref}
        value={value}
        readOnly={props.readOnly}
        autoComplete="off"
        role={searching ? 'combobox' : undefined}
        aria-expanded={searching ? showList : undefined}
        aria-controls={searching ? listId : undefined}
        aria-autocomplete={searching ? 'list' : undefined}
        onChange={(e) => {
          field.onChange(e.target.value);
          setOpen(true);
        }}
        onBlur={field.onBlur}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      />
      {showList && (
        <Box id={listId} w="100%" borderWidth="1px" borderRadius="md" bg="white" data-testid="existing-suggestions">
          {suggestions.length === 0 ? (
            <Text fontSize="sm" color="gray.600" px="3" py="2" role="status">
              {props.emptyHint}
            </Text>
          ) : (
            <List.Root variant="plain" role="listbox" aria-label={`Existing ${props.label}`} maxH="60" overflowY="auto">
              {suggestions.map((c) => (
                <List.Item key={props.idOf(c)} role="presentation">
                  <Button
                    role="option"
                    aria-selected={false}
                    variant="ghost"
                    size="sm"
                    w="100%"
                    justifyContent="flex-start"
                    onClick={() => {
                      setOpen(false);
                      props.onPick(c);
                    }}
                  >
                    {props.nameOf(c)}
                  </Button>
                </List.Item>
              ))}
            </List.Root>
          )}
        </Box>
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The banner of association mode with its Clear button (back to create mode). */
export function AssociationBanner(props: { what: string; onClear(): void }) {
  return (
    <HStack justify="space-between" bg="blue.50" borderRadius="md" px="3" py="2" gap="3" data-testid="association-mode">
      <Text fontSize="sm">Associating an existing {props.what}. Its details cannot be changed here.</Text>
      <Button size="xs" variant="outline" onClick={props.onClear}>
        Clear
      </Button>
    </HStack>
  );
}
