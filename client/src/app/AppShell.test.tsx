import { HStack, Text } from '@chakra-ui/react';
import { LuChartLine } from 'react-icons/lu';
import { renderedBoth } from '../test/same-render';
import { useNavClasses } from './AppShell';

/** The bar's link as it was written with Chakra's HStack and Text. */
function ChakraLink({ isActive }: { isActive: boolean }) {
  return (
    <HStack as="nav" aria-label="Main" gap={{ base: '1', lg: '2' }} flex="1" minW="0">
      <HStack
        px={{ base: '2', lg: '3' }}
        h="36px"
        borderRadius="md"
        gap="2"
        color="white"
        bg={isActive ? 'whiteAlpha.300' : 'transparent'}
        fontWeight={isActive ? 'semibold' : 'normal'}
        _hover={{ bg: 'whiteAlpha.200' }}
        aria-current={isActive ? 'page' : undefined}
      >
        <LuChartLine size={18} />
        <Text as="span" display={{ base: 'none', lg: 'inline' }} whiteSpace="nowrap" fontSize="sm">
          Advanced analytics
        </Text>
      </HStack>
    </HStack>
  );
}

function FixedLink({ isActive }: { isActive: boolean }) {
  const c = useNavClasses();
  return (
    <nav aria-label="Main" className={`chakra-stack ${c.nav}`}>
      <div className={`chakra-stack ${isActive ? c.activeLink : c.link}`} aria-current={isActive ? 'page' : undefined}>
        <LuChartLine size={18} />
        <span className={c.label}>Advanced analytics</span>
      </div>
    </nav>
  );
}

describe('AppShell navigation (fixed classes)', () => {
  it.each([false, true])('draws a link (active %s) as Chakra drew it', (isActive) => {
    const [chakra, fixed] = renderedBoth(<ChakraLink isActive={isActive} />, <FixedLink isActive={isActive} />);
    expect(fixed).toEqual(chakra);
  });
});
