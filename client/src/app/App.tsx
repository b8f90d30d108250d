import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { ApolloProvider } from '@apollo/client/react';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DeferredToaster } from '../components/toaster';
import { AuthProvider } from '../features/auth/AuthProvider';
import { createApolloClient } from './apollo';
import { createRouter } from './routes';

export { preloadPage } from './routes';

/**
 * The signed-in app. Its Chakra system (theme.ts) comes from main.tsx, loaded beside this module: building
 * it is the largest piece of startup work, and as a module of its own it runs in a task of its own instead
 * of lengthening the one that evaluates the app (issue 18).
 */
export function App({ system }: { system: SystemContext }) {
  const [client] = useState(createApolloClient);
  const [router] = useState(createRouter);
  return (
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <AuthProvider>
          <RouterProvider router={router} />
          <DeferredToaster />
        </AuthProvider>
      </ApolloProvider>
    </ChakraProvider>
  );
}
