import { ChakraProvider } from '@chakra-ui/react';
import { ApolloProvider } from '@apollo/client/react';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/toaster';
import { AuthProvider } from '../features/auth/AuthProvider';
import { createApolloClient } from './apollo';
import { createRouter } from './routes';
import { system } from './theme';

export function App() {
  const [client] = useState(createApolloClient);
  const [router] = useState(createRouter);
  return (
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <AuthProvider>
          <RouterProvider router={router} />
          <Toaster />
        </AuthProvider>
      </ApolloProvider>
    </ChakraProvider>
  );
}
