import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { ApolloProvider } from '@apollo/client/react';
import { useInsertionEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DeferredToaster } from '../components/toaster';
import { AuthProvider } from '../features/auth/AuthProvider';
import { createApolloClient } from './apollo';
import { createRouter } from './routes';

export { preloadPage } from './routes';
export { loadGlobalStylesheet } from './global-stylesheet';

/**
 * The signed-in app. Its Chakra system (theme.ts) comes from main.tsx, loaded beside this module: building
 * it is the largest piece of startup work, and as a module of its own it runs in a task of its own instead
 * of lengthening the one that evaluates the app.
 */
export function App({ system, globalCss }: { system: SystemContext; globalCss: HTMLLinkElement | null }) {
  const [client] = useState(createApolloClient);
  const [router] = useState(createRouter);
  // The build's stylesheet of the system's global CSS (global-stylesheet.ts) applies in the first commit, where
  // the provider would have inserted the system's own.
  useInsertionEffect(() => {
    if (globalCss) globalCss.media = 'all';
  }, [globalCss]);
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
