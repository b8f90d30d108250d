import { useState } from 'react';
import type { DataColumn } from '../../../components/DataTable';
import { RecordTab, useRecordTab } from '../../../components/RecordTab';
import type { ImpressionTagRowFragment } from '../../../gql/graphql';
import { TypeChip } from '../components/badges';
import { CopyManyButton } from '../components/CopyManyButton';
import { TagText } from '../components/TagText';
import { useBookings, useImpressionTags } from '../hooks/useRecords';
import { TEXTS, TYPE_LABELS } from '../texts';
import { lazyNamed } from '../../../components/lazy';

const ImpressionTagModal = lazyNamed(() => import('../modals/ImpressionTagModal'), 'ImpressionTagModal');

type Row = ImpressionTagRowFragment;

const COLUMNS: DataColumn<Row>[] = [
  { id: 'campaign_name', accessorFn: (r) => r.campaign_name ?? '', header: 'Campaign' },
  { id: 'booking_name', accessorFn: (r) => r.booking_name ?? '', header: 'Booking' },
  { id: 'channel_name', accessorFn: (r) => r.channel_name ?? '', header: 'Channel' },
  {
    id: 'booking_type',
    accessorFn: (r) => (r.booking_type == null ? '' : (TYPE_LABELS[r.booking_type] ?? '')),
    header: 'Booking Type',
    cell: ({ row }) => <TypeChip type={row.original.booking_type} />,
  },
  { id: 'creative_name', accessorFn: (r) => r.creative_name ?? '', header: 'Creative' },
  {
    id: 'tag',
    accessorKey: 'tag',
    header: 'Tag',
    enableSorting: false,
    cell: ({ row }) => <TagText text={row.original.tag} label={`Copy tag of ${row.original.creative_name ?? ''}`} />,
  },
];

/**
 * Impression Tags: campaign, booking, channel, booking type, creative, the tag to paste, and a copy
 * checkbox; Copy Tags copies the chosen tags one per line, Add Tags opens the tag modal (spec 2).
 */
export function ImpressionTagsTab({ customerId }: { customerId: number }) {
  const list = useImpressionTags(customerId);
  const { rows } = list;
  // The modal offers these bookings; reading them here lets a double-clicked row open on its booking.
  useBookings(customerId);
  const [selected, setSelected] = useState<string[]>([]);
  // The tag modal opens on a booking (a double-clicked row's) or on none (Add Tags).
  const tab = useRecordTab<Row>();
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const texts = selected.flatMap((id) => (byId.has(id) ? [byId.get(id)!.tag] : []));
  return (
    <RecordTab
      grid={{
        testId: 'impression-tags-grid',
        caption: 'Impression Tags',
        empty: TEXTS.empty('impression tags'),
        search: true,
      }}
      list={list}
      columns={COLUMNS}
      selection={{
        selected,
        onChange: setSelected,
        label: (r) => `Select tag of ${r.booking_name ?? ''} / ${r.creative_name ?? ''}`,
      }}
      onRowDoubleClick={tab.edit}
      tools={<CopyManyButton texts={texts} label={TEXTS.copyTags} copiedLabel={TEXTS.tagsCopied} testId="copy-tags" />}
      add={{ label: TEXTS.addTags, onClick: tab.add }}
    >
      {tab.open && (
        <ImpressionTagModal customerId={customerId} bookingId={tab.record?.booking_id} onClose={tab.close} />
      )}
    </RecordTab>
  );
}
