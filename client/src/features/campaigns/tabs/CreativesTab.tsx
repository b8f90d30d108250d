import { Link, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuFilm, LuImage, LuVideo } from 'react-icons/lu';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { formatCount, truncateLabel } from '../../../components/format';
import { EditButton } from '../../../components/RowActions';
import { StatCard } from '../../../components/StatCard';
import type { CreativeRowFragment } from '../../../gql/graphql';
import { TypeChip } from '../components/badges';
import { AddButton, TabLayout } from '../components/TabLayout';
import { useCreatives, useRecordSummary } from '../hooks/useRecords';
import { TEXTS } from '../texts';
import { lazyNamed } from '../../../components/lazy';

const CreativeModal = lazyNamed(() => import('../modals/CreativeModal'), 'CreativeModal');

type Row = CreativeRowFragment;

/** Creatives: description (with its url, truncated), type, format, edit; cards total, video, image (spec 2). */
export function CreativesTab({ customerId }: { customerId: number }) {
  const { rows, loading, error } = useCreatives(customerId);
  const [editing, setEditing] = useState<{ record?: Row } | null>(null);
  const { summary, loading: cardsLoading } = useRecordSummary(customerId);
  const cards = summary?.creatives;
  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: 'description',
        accessorKey: 'description',
        header: 'Description',
        cell: ({ row }) => (
          <Stack gap="0">
            <Text>{row.original.description}</Text>
            {row.original.url && (
              <Link
                href={row.original.url}
                target="_blank"
                rel="noopener noreferrer"
                fontSize="xs"
                color="tint"
                title={row.original.url}
              >
                {truncateLabel(row.original.url, 40)}
              </Link>
            )}
          </Stack>
        ),
      },
      {
        id: 'type',
        accessorKey: 'creative_type_label',
        header: 'Type',
        cell: ({ row }) => <TypeChip type={row.original.creative_type} />,
      },
      { id: 'creative_format', accessorKey: 'creative_format', header: 'Format' },
      {
        id: 'edit',
        header: 'Edit',
        enableSorting: false,
        cell: ({ row }) => (
          <EditButton label={`Edit ${row.original.description}`} onClick={() => setEditing({ record: row.original })} />
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
            title="Total Creatives"
            value={formatCount(cards?.total)}
            icon={<LuFilm />}
            loading={cardsLoading}
          />
          <StatCard
            title="Video Creatives"
            value={formatCount(cards?.video)}
            icon={<LuVideo />}
            loading={cardsLoading}
          />
          <StatCard
            title="Image Creatives"
            value={formatCount(cards?.image)}
            icon={<LuImage />}
            loading={cardsLoading}
          />
        </>
      }
    >
      <DataTable
        testId="creatives-grid"
        caption="Creatives"
        data={rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        loading={loading}
        error={error}
        emptyText={TEXTS.empty('creatives')}
        quickFilter
        onRowDoubleClick={(r) => setEditing({ record: r })}
        toolbar={<AddButton label="Add Creative" onClick={() => setEditing({})} />}
      />
      {editing && <CreativeModal customerId={customerId} creative={editing.record} onClose={() => setEditing(null)} />}
    </TabLayout>
  );
}
