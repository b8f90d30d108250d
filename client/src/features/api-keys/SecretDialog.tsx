import { Box, Button, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { CopyButton } from '../../components/RowActions';
import { KEYS_TEXT } from './texts';

/**
 * The secret of a created or rotated key, shown this once with a copy button; closing forgets it. `note`
 * says, after a rotation, until when the old secret still works.
 */
export function SecretDialog(props: { secret: string | null; name: string; note?: string; onClose(): void }) {
  return (
    <Dialog.Root
      open={props.secret !== null}
      onOpenChange={(d) => !d.open && props.onClose()}
      placement="center"
      size="md"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="api-key-secret">
            <Dialog.Header>
              <Dialog.Title>{KEYS_TEXT.secretTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontWeight="medium">{props.name}</Text>
                <HStack gap="1" borderWidth="1px" borderRadius="md" p="2" bg="gray.50" align="center">
                  <Box flex="1" minW="0">
                    <Code
                      data-testid="api-key-secret-value"
                      variant="plain"
                      fontSize="sm"
                      wordBreak="break-all"
                      whiteSpace="normal"
                      bg="transparent"
                    >
                      {props.secret}
                    </Code>
                  </Box>
                  {props.secret && <CopyButton text={props.secret} label={KEYS_TEXT.copy} />}
                </HStack>
                <HStack gap="2" color="orange.700" align="start">
                  <Box pt="1" flexShrink={0}>
                    <LuTriangleAlert />
                  </Box>
                  <Text fontSize="sm">{KEYS_TEXT.secretWarning}</Text>
                </HStack>
                {props.note && (
                  <Text fontSize="sm" color="gray.700" data-testid="api-key-secret-note">
                    {props.note}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={props.onClose}>
                {KEYS_TEXT.secretDone}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
