import { LuCalendarCheck, LuDollarSign, LuImage, LuVideo } from 'react-icons/lu';
import type { DataColumn } from '../../../components/DataTable';
import { formatCount, formatDay, formatDollars } from '../../../components/format';
import { lazyNamed } from '../../../components/lazy';
import { RecordTab, useRecordTab } from '../../../components/RecordTab';
import type { BookingRowFragment } from '../../../gql/graphql';
import { StatusBadge, TypeChip } from '../components/badges';
import { useBookings, useRecordSummary } from '../hooks/useRecords';
import { TEXTS, TYPE_LABELS } from '../texts';

const BookingModal = lazyNamed(() => import('../modals/BookingModal'), 'BookingModal');

type Row = BookingRowFragment;

const COLUMNS: DataColumn<Row>[] = [
  { id: 'booking_name', accessorKey: 'booking_name', header: 'Booking Name' },
  { id: 'campaign_name', accessorFn: (r) => r.campaign_name ?? '', header: 'Campaign' },
  {
    id: 'status',
    accessorKey: 'status',
    header: 'Status',
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  },
  { id: 'channel_name', accessorFn: (r) => r.channel_name ?? '', header: 'Channel' },
  {
    id: 'type',
    accessorFn: (r) => TYPE_LABELS[r.booking_type] ?? '',
    header: 'Type',
    cell: ({ row }) => <TypeChip type={row.original.booking_type} />,
  },
  {
    id: 'start_date',
    accessorKey: 'start_date',
    header: 'Start Date',
    cell: ({ row }) => formatDay(row.original.start_date),
  },
  { id: 'end_date', accessorKey: 'end_date', header: 'End Date', cell: ({ row }) => formatDay(row.original.end_date) },
  {
    id: 'cpm',
    accessorKey: 'cpm',
    header: 'CPM',
    meta: { numeric: true },
    cell: ({ row }) => formatDollars(row.original.cpm),
  },
];

/**
 * Bookings: booking_name, campaign_name, status, channel_name, type, start_date, end_date, cpm, edit
 * (disabled with 'No permission to edit' when the row is not editable); cards active, video, image
 * bookings and average CPM (spec 2).
 */
export function BookingsTab({ customerId }: { customerId: number }) {
  const list = useBookings(customerId);
  const tab = useRecordTab<Row>();
  const { summary, loading } = useRecordSummary(customerId);
  const cards = summary?.bookings;
  return (
    <RecordTab
      grid={{ testId: 'bookings-grid', caption: 'Bookings', empty: TEXTS.empty('bookings'), search: true }}
      list={list}
      columns={COLUMNS}
      cardsLoading={loading}
      cards={[
        { title: 'Active Bookings', value: formatCount(cards?.active), icon: <LuCalendarCheck /> },
        { title: 'Video Bookings', value: formatCount(cards?.video), icon: <LuVideo /> },
        { title: 'Image Bookings', value: formatCount(cards?.image), icon: <LuImage /> },
        { title: 'Average CPM', value: formatDollars(cards?.average_cpm), icon: <LuDollarSign /> },
      ]}
      actionsHeader="Edit"
      actions={[
        {
          kind: 'edit',
          label: (r) => `Edit ${r.booking_name}`,
          denied: (r) => (r.editable ? undefined : TEXTS.noPermission),
          onClick: tab.edit,
        },
      ]}
      onRowDoubleClick={(r) => r.editable && tab.edit(r)}
      add={{ label: 'Add Booking', onClick: tab.add }}
    >
      {tab.open && <BookingModal customerId={customerId} booking={tab.record ?? undefined} onClose={tab.close} />}
    </RecordTab>
  );
}
