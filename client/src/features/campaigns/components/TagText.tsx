import { Code, HStack } from '@chakra-ui/react';
import { CopyButton } from '../../../components/RowActions';

/** A ready-to-paste tag, shown whole (it wraps) with its copy button. */
export function TagText({ text, label }: { text: string; label: string }) {
  return (
    <HStack gap="1" align="start" minW={{ base: '0', md: '280px' }} maxW="460px">
      <Code flex="1" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-all" px="2" py="1" data-testid="tag-text">
        {text}
      </Code>
      <CopyButton text={text} label={label} />
    </HStack>
  );
}
