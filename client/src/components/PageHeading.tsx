import { Heading } from '@chakra-ui/react';

export function PageHeading({ children }: { children: string }) {
  return (
    <Heading as="h1" size="2xl" color="primary" mb="4">
      {children}
    </Heading>
  );
}
