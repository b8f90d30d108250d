import { useMemo, useState } from 'react';
import { LuCalendarCheck, LuCalendarClock, LuMegaphone } from 'react-icons/lu';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { formatCount, formatDay } from '../../../components/format';
import { EditButton } from '../../../components/RowActions';
import { StatCard } from '../../../components/StatCard';
import type { CampaignRowFragment } from '../../../gql/graphql';
import { StatusBadge } from '../components/badges';
import { AddButton, TabLayout } from '../components/TabLayout';
import { useCampaigns, useRecordSummary } from '../hooks/useRecords';
import { TEXTS } from '../texts';
import { lazyNamed } from '../../../components/lazy';

const CampaignModal = lazyNamed(() => import('../modals/CampaignModal'), 'CampaignModal');

type Row = CampaignRowFragment;

/** Campaigns: campaign_name, status, dates, edit; cards active, upcoming, total (spec 2). */
export function CampaignsTab({ customerId }: { customerId: number }) {
  const { rows, loading, error } = useCampaigns(customerId);
  const [editing, setEditing] = useState<{ record?: Row } | null>(null);
  const { summary, loading: cardsLoading } = useRecordSummary(customerId);
  const cards = summary?.campaigns;
  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      { id: 'campaign_name', accessorKey: 'campaign_name', header: 'Campaign Name' },
      {
        id: 'status',
        accessorKey: 'status',
        header: 'Status',
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
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
        id: 'edit',
        header: 'Edit',
        enableSorting: false,
        cell: ({ row }) => (
          <EditButton
            label={`Edit ${row.original.campaign_name}`}
            onClick={() => setEditing({ record: row.original })}
          />
        ),
      },
    ],
    [],
  );
  return (
    <TabLayout
      cardCount={3}
      cards={
        <>
          <StatCard
            title="Active Campaigns"
            value={formatCount(cards?.active)}
            icon={<LuCalendarCheck />}
            loading={cardsLoading}
          />
          <StatCard
            title="Upcoming Campaigns"
            value={formatCount(cards?.upcoming)}
            icon={<LuCalendarClock />}
            loading={cardsLoading}
          />
          <StatCard
            title="Total Campaigns"
            value={formatCount(cards?.total)}
            icon={<LuMegaphone />}
            loading={cardsLoading}
          />
        </>
      }
    >
      <DataTable
        testId="campaigns-grid"
        caption="Campaigns"
        data={rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        loading={loading}
        error={error}
        emptyText={TEXTS.empty('campaigns')}
        quickFilter
        onRowDoubleClick={(r) => setEditing({ record: r })}
        toolbar={<AddButton label="Add Campaign" onClick={() => setEditing({})} />}
      />
      {editing && <CampaignModal customerId={customerId} campaign={editing.record} onClose={() => setEditing(null)} />}
    </TabLayout>
  );
}
