import { LuCalendarCheck, LuCalendarClock, LuMegaphone } from 'react-icons/lu';
import type { DataColumn } from '../../../components/DataTable';
import { formatCount, formatDay } from '../../../components/format';
import { lazyNamed } from '../../../components/lazy';
import { RecordTab, useRecordTab } from '../../../components/RecordTab';
import type { CampaignRowFragment } from '../../../gql/graphql';
import { StatusBadge } from '../components/badges';
import { useCampaigns, useRecordSummary } from '../hooks/useRecords';
import { TEXTS } from '../texts';

const CampaignModal = lazyNamed(() => import('../modals/CampaignModal'), 'CampaignModal');

type Row = CampaignRowFragment;

const COLUMNS: DataColumn<Row>[] = [
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
  { id: 'end_date', accessorKey: 'end_date', header: 'End Date', cell: ({ row }) => formatDay(row.original.end_date) },
];

/** Campaigns: campaign_name, status, dates, edit; cards active, upcoming, total (spec 2). */
export function CampaignsTab({ customerId }: { customerId: number }) {
  const list = useCampaigns(customerId);
  const tab = useRecordTab<Row>();
  const { summary, loading } = useRecordSummary(customerId);
  const cards = summary?.campaigns;
  return (
    <RecordTab
      grid={{ testId: 'campaigns-grid', caption: 'Campaigns', empty: TEXTS.empty('campaigns'), search: true }}
      list={list}
      columns={COLUMNS}
      cardsLoading={loading}
      cards={[
        { title: 'Active Campaigns', value: formatCount(cards?.active), icon: <LuCalendarCheck /> },
        { title: 'Upcoming Campaigns', value: formatCount(cards?.upcoming), icon: <LuCalendarClock /> },
        { title: 'Total Campaigns', value: formatCount(cards?.total), icon: <LuMegaphone /> },
      ]}
      actionsHeader="Edit"
      actions={[{ kind: 'edit', label: (r) => `Edit ${r.campaign_name}`, onClick: tab.edit }]}
      onRowDoubleClick={tab.edit}
      add={{ label: 'Add Campaign', onClick: tab.add }}
    >
      {tab.open && <CampaignModal customerId={customerId} campaign={tab.record ?? undefined} onClose={tab.close} />}
    </RecordTab>
  );
}
