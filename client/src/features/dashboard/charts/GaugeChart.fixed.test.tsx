import { Box, HStack, Text } from '@chakra-ui/react';
import { renderedBoth } from '../../../test/same-render';
import { GaugeChart } from './GaugeChart';

/** The gauge's frame and texts as they were written with Chakra's Box, Text and HStack (the ring left out). */
function ChakraGauge(props: { display: string; labels?: string[]; active?: string; ariaLabel: string }) {
  return (
    <Box role="img" aria-label={props.ariaLabel} textAlign="center">
      <Box maxW="260px" mx="auto" h="140px" overflow="hidden" aria-hidden="true" />
      <Text fontSize="2xl" fontWeight="bold" color="primary" mt="-10" data-testid="gauge-value">
        {props.display}
      </Text>
      <HStack justify="space-between" fontSize="xs" color="gray.500" maxW="240px" mx="auto">
        <span>0</span>
        <span>1</span>
      </HStack>
      {props.labels && (
        <HStack justify="center" gap="2" mt="1">
          {props.labels.map((l) => (
            <Text
              key={l}
              as="span"
              px="2"
              py="0.5"
              borderRadius="md"
              fontSize="sm"
              fontWeight={l === props.active ? 'bold' : 'normal'}
              bg={l === props.active ? 'primary' : 'gray.100'}
              color={l === props.active ? 'white' : 'gray.600'}
              aria-current={l === props.active ? 'true' : undefined}
              data-testid={l === props.active ? 'gauge-active-label' : undefined}
            >
              {l}
            </Text>
          ))}
        </HStack>
      )}
    </Box>
  );
}

type Shape = [string, string[], Shape[]];
/** The gauge inside the rendering's wrapper, without the ring's drawing (its first box's children). */
const withoutRing = (wrapper: unknown) => {
  const [tag, attrs, [ring, ...rest]] = (wrapper as Shape)[2][0];
  return [tag, attrs, [[ring[0], ring[1], []], ...rest]];
};

test.each([
  {
    display: '0.4',
    labels: ['Weak', 'Moderate', 'Strong'],
    active: 'Moderate',
    ariaLabel: 'Correlation 0.4, Moderate',
  },
  { display: '2.5', ariaLabel: 'Pareto: 2.5 impressions deliver 80% of visits' },
])('the gauge $ariaLabel draws its frame and texts as Chakra did (fixed classes)', (p) => {
  const [chakra, fixed] = renderedBoth(
    <ChakraGauge {...p} />,
    <GaugeChart value={1} max={1} display={p.display} labels={p.labels} active={p.active} ariaLabel={p.ariaLabel} />,
  );
  expect(withoutRing(fixed)).toEqual(withoutRing(chakra));
});
