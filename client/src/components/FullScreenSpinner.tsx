import { Center, Spinner } from '@chakra-ui/react';

export function FullScreenSpinner() {
  return (
    // 100%, not 100vw: inside a padded shell 100vw is wider than the screen and a phone scrolls sideways.
    <Center minH="100vh" w="100%" aria-busy="true" data-testid="full-screen-spinner">
      <Spinner size="xl" color="primary" borderWidth="4px" />
    </Center>
  );
}
