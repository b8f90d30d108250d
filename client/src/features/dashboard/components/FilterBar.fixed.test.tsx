import { Box, HStack } from '@chakra-ui/react';
import { renderedBoth } from '../../../test/same-render';
import { useBarClasses } from './FilterBar';

/** The bar's frame as it was written with Chakra's Box and HStack (the controls left out). */
function ChakraFrame({ wide }: { wide: boolean }) {
  return (
    <Box
      position="sticky"
      top="60px"
      zIndex="docked"
      h="60px"
      mx={{ base: '-3', md: '-6' }}
      px={{ base: '3', md: '6' }}
      bg="gray.50"
      borderBottomWidth="1px"
      display="flex"
      alignItems="center"
      data-testid="filter-bar"
      role="toolbar"
      aria-label="Dashboard filters"
    >
      <HStack gap={wide ? '1.5' : '2'} w="100%" py="1">
        <Box flex={wide ? '0 0 auto' : '1'} minW={wide ? '200px' : '0'}>
          client
        </Box>
      </HStack>
    </Box>
  );
}

function FixedFrame({ wide }: { wide: boolean }) {
  const c = useBarClasses();
  return (
    <div className={c.bar} data-testid="filter-bar" role="toolbar" aria-label="Dashboard filters">
      <div className={`chakra-stack ${wide ? c.wideRow : c.row}`}>
        <div className={wide ? c.wideClient : c.client}>client</div>
      </div>
    </div>
  );
}

describe('FilterBar frame (fixed classes)', () => {
  it.each([false, true])('draws the frame (wide %s) as Chakra drew it', (wide) => {
    const [chakra, fixed] = renderedBoth(<ChakraFrame wide={wide} />, <FixedFrame wide={wide} />);
    expect(fixed).toEqual(chakra);
  });
});
