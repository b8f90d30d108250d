import { Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { renderedBoth } from '../../test/same-render';
import { useOverviewClasses } from './OverviewPage';

function FixedHead() {
  const c = useOverviewClasses();
  return (
    <div className={`chakra-stack ${c.page}`}>
      <div className={c.head}>
        <h1 className={c.heading}>Campaign Overview</h1>
        <div className={`chakra-stack ${c.controls}`}>
          <button>Export</button>
        </div>
      </div>
    </div>
  );
}

test("the Overview's column, heading row and controls draw what Chakra drew (fixed classes)", () => {
  const [chakra, fixed] = renderedBoth(
    <Stack gap="5">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
        gap="3"
      >
        <Heading as="h1" size="2xl" color="primary">
          Campaign Overview
        </Heading>
        <HStack gap="2" flexWrap="wrap">
          <button>Export</button>
        </HStack>
      </Flex>
    </Stack>,
    <FixedHead />,
  );
  expect(fixed).toEqual(chakra);
});
