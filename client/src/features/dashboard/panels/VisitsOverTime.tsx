import { Button } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuCopy, LuDownload } from 'react-icons/lu';
import { ChartCard } from '../../../components/ChartCard';
import { notify } from '../../../components/toaster';
import type { ResponsesOverTimeQuery } from '../../../gql/graphql';
import { useAttributionWindows, overTimeSubtitle } from '../attribution/windows';
import { VisitsOverTimeChart } from '../charts/lazy';
import type { Call } from '../hooks/useDashboardData';
import { TEXTS } from '../texts';
import { copyPng, downloadBlob, svgToPng } from '../utils/chart-image';
import { COMPARE_NAMES } from './SummaryTiles';
import { TimelineNotesList, useTimelineNotes } from './TimelineNotes';
import { useSearchParams } from 'react-router-dom';

export const OVER_TIME_PNG = 'visits-over-time.png';

export function VisitsOverTime({ call }: { call: Call<ResponsesOverTimeQuery['responses_over_time']> }) {
  const host = useRef<HTMLDivElement | null>(null);
  const [copied, setCopied] = useState(false);
  const svg = () => host.current?.querySelector('svg') ?? null;
  // The notes of the customer and range the rows are for (the customer from the address, the dates from the rows).
  const [params] = useSearchParams();
  const customer = Number(params.get('customer'));
  const rows = call.data?.table_data ?? [];
  // Same Day and All Responses are cut at the customer's windows in force: the subtitle names them.
  const windows = useAttributionWindows();
  const notes = useTimelineNotes(
    Number.isInteger(customer) && customer > 0 ? customer : null,
    rows[0]?.Date ?? null,
    rows.at(-1)?.Date ?? null,
  );

  async function download() {
    const el = svg();
    if (!el) return;
    try {
      downloadBlob(await svgToPng(el), OVER_TIME_PNG);
    } catch {
      notify('error', TEXTS.retrieveFailed);
    }
  }
  async function copy() {
    const el = svg();
    const ok = el ? await copyPng(await svgToPng(el)).catch(() => false) : false;
    if (!ok) {
      notify('error', TEXTS.clipboardUnsupported);
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }

  return (
    <ChartCard
      title="Visits Over Time"
      subtitle={overTimeSubtitle(windows)}
      state={call.state}
      testId="panel-visits-over-time"
      csv={call.data?.table_data}
      actions={
        <>
          <Button size="xs" variant="outline" onClick={download}>
            <LuDownload /> Download PNG
          </Button>
          <Button size="xs" variant="outline" onClick={copy}>
            <LuCopy /> {copied ? TEXTS.copied : 'Copy image'}
          </Button>
        </>
      }
    >
      {call.data && (
        <VisitsOverTimeChart
          rows={call.data.table_data}
          svgHost={host}
          markers={notes.markers}
          comparison={
            call.data.comparison
              ? {
                  label: COMPARE_NAMES[call.data.comparison.mode] ?? 'comparison range',
                  rows: call.data.comparison.table_data,
                }
              : undefined
          }
        />
      )}
      {call.data && rows.length > 0 && <TimelineNotesList state={notes} defaultDay={rows.at(-1)!.Date} />}
    </ChartCard>
  );
}
