import { Badge } from '@chakra-ui/react';
import { TYPE_LABELS } from '../texts';

const STATUS_PALETTE: Record<string, string> = { Active: 'green', Upcoming: 'blue', Completed: 'gray' };

/** Active / Upcoming / Completed, as the server derived it from the dates (spec 4). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} variant="subtle">
      {status}
    </Badge>
  );
}

const TYPE_PALETTE: Record<number, string> = { 1: 'purple', 2: 'cyan', 3: 'orange' };

/** The type chip of a booking, creative or tag row (1 video, 2 image, 3 audio). */
export function TypeChip({ type }: { type: number | null | undefined }) {
  if (type == null) return null;
  return (
    <Badge colorPalette={TYPE_PALETTE[type] ?? 'gray'} variant="outline" data-testid="type-chip">
      {TYPE_LABELS[type] ?? String(type)}
    </Badge>
  );
}
