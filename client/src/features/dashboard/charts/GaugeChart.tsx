import { Box, HStack, Text } from '@chakra-ui/react';
import { VictoryPie } from 'victory';
import { formatDecimal1 } from '../../../components/format';
import { clamp } from '../utils/chart-data';
import { COLORS } from './theme';

/**
 * A half-circle gauge (spec 2): the value, clamped between 0 and max, fills the arc; optional labels
 * under it with the matching one highlighted.
 */
export function GaugeChart(props: {
  value: number;
  max: number;
  display: string;
  labels?: readonly string[];
  active?: string;
  ariaLabel: string;
}) {
  const v = clamp(props.value, props.max);
  return (
    <Box role="img" aria-label={props.ariaLabel} textAlign="center">
      <Box maxW="260px" mx="auto" h="140px" overflow="hidden" aria-hidden="true">
        <VictoryPie
          width={260}
          height={260}
          padding={10}
          startAngle={-90}
          endAngle={90}
          innerRadius={80}
          labels={() => ''}
          data={[
            { x: 'value', y: v },
            { x: 'rest', y: props.max - v || (v === 0 ? props.max : 0.0001) },
          ]}
          colorScale={[COLORS.secondary, '#e2e8f0']}
        />
      </Box>
      <Text fontSize="2xl" fontWeight="bold" color="primary" mt="-10" data-testid="gauge-value">
        {props.display}
      </Text>
      <HStack justify="space-between" fontSize="xs" color="gray.500" maxW="240px" mx="auto">
        <span>0</span>
        <span>{formatDecimal1(props.max).replace('.0', '')}</span>
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
