import { useMemo, useState } from 'react';
import { LuCalendarCheck, LuDollarSign, LuImage, LuVideo } from 'react-icons/lu';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { formatCount, formatDay, formatDollars } from '../../../components/format';
import { EditButton } from '../../../components/RowActions';
import { StatCard } from '../../../components/StatCard';
import type { BookingRowFragment } from '../../../gql/graphql';
import { StatusBadge, TypeChip } from '../components/badges';
import { AddButton, TabLayout } from '../components/TabLayout';
import { useBookings, useRecordSummary } from '../hooks/useRecords';
import { TEXTS, TYPE_LABELS } from '../texts';
import { lazyNamed } from '../../../components/lazy';

const BookingModal = lazyNamed(() => import('../modals/BookingModal'), 'BookingModal');

type Row = BookingRowFragment;

/**
 * Bookings: booking_name, campaign_name, status, channel_name, type, start_date, end_date, cpm, edit
 * (disabled with 'No permission to edit' when the row is not editable); cards active, video, image
 * bookings and average CPM (spec 2).
 */
export function BookingsTab({ customerId }: { customerId: number }) {
  const { rows, loading, error } = useBookings(customerId);
  const [editing, setEditing] = useState<{ record?: Row } | null>(null);
  const { summary, loading: cardsLoading } = useRecordSummary(customerId);
  const cards = summary?.bookings;
  const columns = useMemo<DataColumn<Row>[]>(
    () => [
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
      {
        id: 'end_date',
        accessorKey: 'end_date',
        header: 'End Date',
        cell: ({ row }) => formatDay(row.original.end_date),
      },
      {
        id: 'cpm',
        accessorKey: 'cpm',
        header: 'CPM',
        meta: { numeric: true },
        cell: ({ row }) => formatDollars(row.original.cpm),
      },
      {
        id: 'edit',
        header: 'Edit',
        enableSorting: false,
        cell: ({ row }) => (
          <EditButton
            label={`Edit ${row.original.booking_name}`}
            disabled={!row.original.editable}
            disabledReason={TEXTS.noPermission}
            onClick={() => setEditing({ record: row.original })}
          />
        ),
      },
    ],
    [],
  );
  return (
    <TabLayout
      cardCount={4}
      cards={
        <>
          <StatCard
            title="Active Bookings"
            value={formatCount(cards?.active)}
            icon={<LuCalendarCheck />}
            loading={cardsLoading}
          />
          <StatCard
            title="Video Bookings"
            value={formatCount(cards?.video)}
            icon={<LuVideo />}
            loading={cardsLoading}
          />
          <StatCard
            title="Image Bookings"
            value={formatCount(cards?.image)}
            icon={<LuImage />}
            loading={cardsLoading}
          />
          <StatCard
            title="Average CPM"
            value={formatDollars(cards?.average_cpm)}
            icon={<LuDollarSign />}
            loading={cardsLoading}
          />
        </>
      }
    >
      <DataTable
        testId="bookings-grid"
        caption="Bookings"
        data={rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        loading={loading}
        error={error}
        emptyText={TEXTS.empty('bookings')}
        quickFilter
        onRowDoubleClick={(r) => r.editable && setEditing({ record: r })}
        toolbar={<AddButton label="Add Booking" onClick={() => setEditing({})} />}
      />
      {editing && <BookingModal customerId={customerId} booking={editing.record} onClose={() => setEditing(null)} />}
    </TabLayout>
  );
}
