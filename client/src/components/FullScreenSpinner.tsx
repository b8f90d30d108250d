import { Center, Spinner } from '@chakra-ui/react';

export function FullScreenSpinner() {
  return (
    <Center h="100vh" w="100vw" aria-busy="true" data-testid="full-screen-spinner">
      <Spinner size="xl" color="primary" borderWidth="4px" />
    </Center>
  );
}
