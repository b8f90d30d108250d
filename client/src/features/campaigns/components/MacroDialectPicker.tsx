import { HStack, NativeSelect, Text } from '@chakra-ui/react';
import { MACRO_DIALECTS, macroNote, type MacroDialect } from '../utils/tag-macros';

/** 'Ad server' and its macro dialect for the copied tags, with a line saying what the macro does. */
export function MacroDialectPicker({ value, onChange }: { value: MacroDialect; onChange(d: MacroDialect): void }) {
  return (
    <HStack gap="3" align="center" wrap="wrap" data-testid="macro-dialect">
      <HStack gap="2" flex={{ base: '1 1 100%', md: '0 0 auto' }} minW="0">
        <Text asChild fontSize="sm" fontWeight="medium" whiteSpace="nowrap">
          <label htmlFor="macro-dialect">Ad server</label>
        </Text>
        <NativeSelect.Root size="sm" width={{ base: 'full', md: 'auto' }} minW="0">
          <NativeSelect.Field
            id="macro-dialect"
            value={value.id}
            onChange={(e) => onChange(MACRO_DIALECTS.find((d) => d.id === e.currentTarget.value) ?? value)}
          >
            {MACRO_DIALECTS.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}: {d.macro}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Text fontSize="sm" color="gray.600" flex="1 1 16rem" minW="0" data-testid="macro-note">
        {macroNote(value)}
      </Text>
    </HStack>
  );
}
