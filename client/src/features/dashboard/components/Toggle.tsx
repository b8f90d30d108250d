import { Button, ButtonGroup } from '@chakra-ui/react';

/** The # / % switch of a panel. */
export function CountPercentToggle({
  value,
  onChange,
  label,
}: {
  value: 'count' | 'percent';
  onChange(v: 'count' | 'percent'): void;
  label: string;
}) {
  return (
    <ButtonGroup size="xs" attached variant="outline" role="group" aria-label={label}>
      <Button
        aria-pressed={value === 'count'}
        variant={value === 'count' ? 'solid' : 'outline'}
        colorPalette="brand"
        onClick={() => onChange('count')}
      >
        #
      </Button>
      <Button
        aria-pressed={value === 'percent'}
        variant={value === 'percent' ? 'solid' : 'outline'}
        colorPalette="brand"
        onClick={() => onChange('percent')}
      >
        %
      </Button>
    </ButtonGroup>
  );
}
