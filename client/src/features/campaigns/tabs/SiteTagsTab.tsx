import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LuActivity, LuCircleCheck, LuCircleOff, LuRefreshCw, LuTags } from 'react-icons/lu';
import type { DataColumn } from '../../../components/DataTable';
import { formatCount, formatDateTime } from '../../../components/format';
import { RecordTab, useRecordTab } from '../../../components/RecordTab';
import type { SiteTagRowFragment } from '../../../gql/graphql';
import { CopyManyButton } from '../components/CopyManyButton';
import { FirstHitStatus, useTagReception } from '../components/FirstHitStatus';
import { SiteTagStatus } from '../components/SiteTagStatus';
import { TagText } from '../components/TagText';
import { useSiteTags, useRecordSummary } from '../hooks/useRecords';
import { TEXTS } from '../texts';
import { lazyNamed } from '../../../components/lazy';

const SiteTagModal = lazyNamed(() => import('../modals/SiteTagModal'), 'SiteTagModal');

type Row = SiteTagRowFragment;

/**
 * Site Tags: Name, Tag Type (Main or Secondary), the snippet to paste, Status (icon, last seen and a
 * Check that re-reads it), edit and a copy checkbox; cards total, active, low traffic, not detected.
 */
export function SiteTagsTab({ customerId }: { customerId: number }) {
  const list = useSiteTags(customerId);
  const { rows, refetch } = list;
  const [selected, setSelected] = useState<string[]>([]);
  const tab = useRecordTab<Row>();
  const [checking, setChecking] = useState<number | null>(null);
  const { summary, loading, refetch: refetchSummary } = useRecordSummary(customerId);
  const cards = summary?.site_tags;

  const reception = useTagReception(customerId);
  // A tag the live feed reports receiving while its row still shows no hits: its status and the cards are
  // re-read once, so "Receiving" never stands beside "Not detected" until someone clicks Check.
  const reread = useRef(new Set<number>());
  useEffect(() => {
    const stale = rows.filter((r) => reception.site.has(r.id) && r.ping_count === 0 && !reread.current.has(r.id));
    if (stale.length === 0) return;
    for (const r of stale) reread.current.add(r.id);
    void refetch();
    void refetchSummary();
  }, [reception, rows, refetch, refetchSummary]);
  const columns = useMemo<DataColumn<Row>[]>(() => {
    // Re-reads the tags' health from the server (the hits counted by the pipeline).
    async function check(id: number) {
      setChecking(id);
      try {
        await refetch();
      } finally {
        setChecking(null);
      }
    }
    return [
      { id: 'tag_description', accessorKey: 'tag_description', header: 'Name' },
      {
        id: 'tag_type',
        accessorFn: (r) => (r.main_site_tag ? 'Main' : 'Secondary'),
        header: 'Tag Type',
      },
      {
        id: 'tag',
        accessorKey: 'tag',
        header: 'Tag',
        enableSorting: false,
        cell: ({ row }) => <TagText text={row.original.tag} label={`Copy tag of ${row.original.tag_description}`} />,
      },
      {
        id: 'first_hit',
        accessorFn: (r) => (reception.site.has(r.id) ? 'Receiving' : 'Waiting for first hit'),
        header: 'First hit',
        cell: ({ row }) => <FirstHitStatus received={reception.site.has(row.original.id)} known={reception.known} />,
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <Stack gap="1" data-testid="site-tag-status">
            <SiteTagStatus status={row.original.status} />
            <Text fontSize="xs" color="gray.600" whiteSpace="nowrap" data-testid="last-seen">
              {row.original.ping_date ? `Last seen ${formatDateTime(row.original.ping_date)}` : 'Never seen'}
              {row.original.ping_count > 0
                ? ` · ${formatCount(row.original.ping_count)} ${row.original.ping_count === 1 ? 'hit' : 'hits'} in 24 h`
                : ''}
            </Text>
            <Button
              size="2xs"
              variant="outline"
              alignSelf="start"
              loading={checking === row.original.id}
              onClick={() => void check(row.original.id)}
              aria-label={`Check ${row.original.tag_description}`}
            >
              <LuRefreshCw /> Check
            </Button>
          </Stack>
        ),
      },
    ];
  }, [refetch, checking, reception]);

  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const texts = selected.flatMap((id) => (byId.has(id) ? [byId.get(id)!.tag] : []));
  return (
    <RecordTab
      grid={{ testId: 'site-tags-grid', caption: 'Site Tags', empty: TEXTS.empty('site tags'), search: true }}
      list={list}
      columns={columns}
      selection={{ selected, onChange: setSelected, label: (r) => `Select ${r.tag_description}` }}
      cardsLoading={loading}
      cards={[
        { title: 'Total Site Tags', value: formatCount(cards?.total), icon: <LuTags /> },
        { title: 'Active', value: formatCount(cards?.active), icon: <LuCircleCheck /> },
        { title: 'Low Traffic', value: formatCount(cards?.low_traffic), icon: <LuActivity /> },
        {
          title: 'Not Detected',
          value: formatCount(cards?.not_detected),
          icon: <LuCircleOff />,
          alert: (cards?.not_detected ?? 0) > 0,
        },
      ]}
      actionsHeader="Edit"
      actions={[{ kind: 'edit', label: (r) => `Edit ${r.tag_description}`, onClick: tab.edit }]}
      onRowDoubleClick={tab.edit}
      tools={
        <CopyManyButton
          texts={texts}
          label={TEXTS.copySelected(texts.length)}
          copiedLabel={TEXTS.tagsCopied}
          testId="copy-selected"
        />
      }
      add={{ label: 'Add Site Tag', onClick: tab.add }}
    >
      {tab.open && <SiteTagModal customerId={customerId} siteTag={tab.record ?? undefined} onClose={tab.close} />}
    </RecordTab>
  );
}
