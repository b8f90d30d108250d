import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuPlus } from 'react-icons/lu';
import { StatGrid } from '../../../components/StatCard';

/** One tab: its cards (spec 2), then its grid. */
export function TabLayout({
  cards,
  cardCount,
  children,
}: {
  cards?: ReactNode;
  cardCount?: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="5">
      {cards && <StatGrid max={cardCount}>{cards}</StatGrid>}
      {children}
    </Stack>
  );
}

/** The add button of a tab's toolbar. */
export function AddButton({ label, onClick, disabled }: { label: string; onClick(): void; disabled?: boolean }) {
  return (
    <Button size="sm" colorPalette="brand" onClick={onClick} disabled={disabled}>
      <LuPlus /> {label}
    </Button>
  );
}
