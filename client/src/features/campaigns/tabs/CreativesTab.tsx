import { Link, Stack, Text } from '@chakra-ui/react';
import { LuFilm, LuImage, LuVideo } from 'react-icons/lu';
import type { DataColumn } from '../../../components/DataTable';
import { formatCount, truncateLabel } from '../../../components/format';
import { lazyNamed } from '../../../components/lazy';
import { RecordTab, useRecordTab } from '../../../components/RecordTab';
import type { CreativeRowFragment } from '../../../gql/graphql';
import { TypeChip } from '../components/badges';
import { useCreatives, useRecordSummary } from '../hooks/useRecords';
import { TEXTS } from '../texts';

const CreativeModal = lazyNamed(() => import('../modals/CreativeModal'), 'CreativeModal');

type Row = CreativeRowFragment;

const COLUMNS: DataColumn<Row>[] = [
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
];

/** Creatives: description (with its url, truncated), type, format, edit; cards total, video, image (spec 2). */
export function CreativesTab({ customerId }: { customerId: number }) {
  const list = useCreatives(customerId);
  const tab = useRecordTab<Row>();
  const { summary, loading } = useRecordSummary(customerId);
  const cards = summary?.creatives;
  return (
    <RecordTab
      grid={{ testId: 'creatives-grid', caption: 'Creatives', empty: TEXTS.empty('creatives'), search: true }}
      list={list}
      columns={COLUMNS}
      cardsLoading={loading}
      cards={[
        { title: 'Total Creatives', value: formatCount(cards?.total), icon: <LuFilm /> },
        { title: 'Video Creatives', value: formatCount(cards?.video), icon: <LuVideo /> },
        { title: 'Image Creatives', value: formatCount(cards?.image), icon: <LuImage /> },
      ]}
      actionsHeader="Edit"
      actions={[{ kind: 'edit', label: (r) => `Edit ${r.description}`, onClick: tab.edit }]}
      onRowDoubleClick={tab.edit}
      add={{ label: 'Add Creative', onClick: tab.add }}
    >
      {tab.open && <CreativeModal customerId={customerId} creative={tab.record ?? undefined} onClose={tab.close} />}
    </RecordTab>
  );
}
