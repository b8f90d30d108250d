import { HStack, Tag, Text } from '@chakra-ui/react';
import { TEXTS } from './texts';
import { visibleChips } from './chips';

/** Up to 3 operational-country chips, then '+N more' (spec 2); 'No operational countries' when there are none. */
export function CountryChips({ codes }: { codes: readonly string[] }) {
  const { shown, more } = visibleChips(codes);
  if (shown.length === 0) {
    return (
      <Text fontSize="sm" color="gray.500">
        {TEXTS.noOperationalCountries}
      </Text>
    );
  }
  return (
    <HStack gap="1" wrap="wrap" title={codes.join(', ')}>
      {shown.map((c) => (
        <Tag.Root key={c} size="sm" variant="subtle" colorPalette="blue">
          <Tag.Label>{c}</Tag.Label>
        </Tag.Root>
      ))}
      {more > 0 && (
        <Tag.Root size="sm" variant="outline">
          <Tag.Label>+{more} more</Tag.Label>
        </Tag.Root>
      )}
    </HStack>
  );
}
