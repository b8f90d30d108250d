import { Box, Heading, List, Link, Stack, Text } from '@chakra-ui/react';
import { listSlotRecipe } from '@chakra-theme/recipes/list';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { go } from '../../public/location';

/** The licence terms the login page links to (spec 1, 9). Public. */
export default function LicensePage() {
  return (
    <Box bg="gray.50" minH="100vh" py="10" px="4">
      <Box
        as="article"
        mx="auto"
        w="full"
        maxW="3xl"
        bg="white"
        borderRadius="xl"
        boxShadow="sm"
        p={{ base: '6', md: '10' }}
      >
        <Stack gap="5">
          <Logo height={36} />
          <Heading as="h1" size="2xl" color="primary">
            Platform License Agreement
          </Heading>
          <Text>
            This agreement governs your use of the Infinitum platform. Signing in to the platform means you agree to
            these terms.
          </Text>
          <Section title="1. Supported browsers">
            <Text>The platform supports these minimum browser versions:</Text>
            <List.Root recipe={listSlotRecipe} ps="5">
              <List.Item>Chrome 61</List.Item>
              <List.Item>Firefox 60</List.Item>
              <List.Item>Edge 79</List.Item>
              <List.Item>Safari 11</List.Item>
              <List.Item>Opera 48</List.Item>
            </List.Root>
          </Section>
          <Section title="2. Upgrades">
            <Text>We give at least 3 working days&apos; notice before a platform upgrade.</Text>
          </Section>
          <Section title="3. Payment">
            <Text>Invoices are due within 14 days; an invoice unpaid after 14 days is in default.</Text>
          </Section>
          <Section title="4. Breach">
            <Text>A party in breach of this agreement has 30 days from notice to cure the breach.</Text>
          </Section>
          <Section title="5. Governing law">
            <Text>This agreement is governed by the laws of New Zealand.</Text>
          </Section>
          <Section title="6. Acceptance">
            <Text>By signing in to the platform you agree to this Platform License Agreement.</Text>
          </Section>
          <Link
            href="/"
            color="tint"
            onClick={(e) => {
              e.preventDefault();
              go('/');
            }}
          >
            Back to the platform
          </Link>
        </Stack>
      </Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h2" size="md" color="primary">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
