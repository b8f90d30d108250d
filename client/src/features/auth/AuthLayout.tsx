import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';

/** The public pages' frame: brand panel on wide screens, a card with the form. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Flex minH="100vh" bg="gray.50">
      <Flex
        display={{ base: 'none', lg: 'flex' }}
        flex="1"
        direction="column"
        justify="center"
        px="16"
        color="white"
        bgGradient="to-br"
        gradientFrom="primary"
        gradientTo="tint"
      >
        <Box alignSelf="flex-start">
          <Logo height={56} light />
        </Box>
        <Text mt="6" fontSize="2xl" fontWeight="medium" maxW="md">
          Discover the power of connected advertising.
        </Text>
        <Text mt="3" opacity={0.8} maxW="md">
          Impressions, visits and the response between them, for broadcast video-on-demand campaigns.
        </Text>
      </Flex>
      <Flex flex="1" align="center" justify="center" p="6">
        <Stack w="100%" maxW="420px" gap="6">
          <Box bg="white" borderRadius="xl" boxShadow="md" p={{ base: '6', md: '8' }}>
            {children}
          </Box>
        </Stack>
      </Flex>
    </Flex>
  );
}
