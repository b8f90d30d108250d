import { useMemo, useState } from 'react';
import type { DataColumn } from '../../../components/DataTable';
import { RecordTab, useRecordTab } from '../../../components/RecordTab';
import type { ImpressionTagRowFragment } from '../../../gql/graphql';
import { TypeChip } from '../components/badges';
import { CopyManyButton } from '../components/CopyManyButton';
import { FirstHitStatus, useTagReception, type TagReception } from '../components/FirstHitStatus';
import { MacroDialectPicker } from '../components/MacroDialectPicker';
import { TagText } from '../components/TagText';
import { useBookings, useImpressionTags } from '../hooks/useRecords';
import { TEXTS, TYPE_LABELS } from '../texts';
import { DEFAULT_DIALECT, inDialect, type MacroDialect } from '../utils/tag-macros';
import { lazyNamed } from '../../../components/lazy';

const ImpressionTagModal = lazyNamed(() => import('../modals/ImpressionTagModal'), 'ImpressionTagModal');

type Row = ImpressionTagRowFragment;

const columnsFor = (dialect: MacroDialect, reception: TagReception): DataColumn<Row>[] => [
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
    accessorFn: (r) => inDialect(r.tag, dialect),
    header: 'Tag',
    enableSorting: false,
    cell: ({ row }) => (
      <TagText text={inDialect(row.original.tag, dialect)} label={`Copy tag of ${row.original.creative_name ?? ''}`} />
    ),
  },
  {
    id: 'first_hit',
    accessorFn: (r) => (reception.impression.has(r.id) ? 'Receiving' : 'Waiting for first hit'),
    header: 'First hit',
    cell: ({ row }) => <FirstHitStatus received={reception.impression.has(row.original.id)} known={reception.known} />,
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
  // The ad server the trafficker pastes into: its cache-busting macro in every shown and copied tag.
  const [dialect, setDialect] = useState<MacroDialect>(DEFAULT_DIALECT);
  const reception = useTagReception(customerId);
  const columns = useMemo(() => columnsFor(dialect, reception), [dialect, reception]);
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const texts = selected.flatMap((id) => (byId.has(id) ? [inDialect(byId.get(id)!.tag, dialect)] : []));
  return (
    <RecordTab
      grid={{
        testId: 'impression-tags-grid',
        caption: 'Impression Tags',
        empty: TEXTS.empty('impression tags'),
        search: true,
      }}
      list={list}
      columns={columns}
      intro={<MacroDialectPicker value={dialect} onChange={setDialect} />}
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
