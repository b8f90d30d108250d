import { StatCard } from '../../../components/StatCard';
import { SimpleGrid } from '@chakra-ui/react';
import { formatCompact, formatMoney, formatPercent } from '../../../components/format';
import type { FigureChangeFieldsFragment, ImpressionSummaryQuery } from '../../../gql/graphql';
import type { Call } from '../hooks/useDashboardData';

type Summary = ImpressionSummaryQuery['impression_summary'];
type Figure = keyof Summary['summary_data'];

/** The six tiles of spec 2: money as money, counts compact, the rate as a percentage (spec 9). Two columns on a phone. */
export const TILES: { title: string; figure: Figure; format(n: number): string }[] = [
  { title: 'Ad Spend', figure: 'Ad_Spend', format: formatMoney },
  { title: 'Actual Impressions', figure: 'Actual_Impressions', format: formatCompact },
  { title: 'Total Visits', figure: 'Total_Responses', format: formatCompact },
  { title: 'CPM Actual', figure: 'CPM_Actual', format: formatMoney },
  { title: 'Response Rate', figure: 'Response_Rate', format: formatPercent },
  { title: 'Cost Per Visit', figure: 'Current_CPR', format: formatMoney },
];

export const COMPARE_NAMES: Record<string, string> = {
  previous: 'previous period',
  year: 'same period last year',
  custom: 'comparison range',
};

const VERDICT_TEXT: Record<string, string> = {
  better: 'better',
  worse: 'worse',
  unchanged: 'no change',
  neutral: '',
};
export const VERDICT_COLOR: Record<string, string> = {
  better: 'var(--chakra-colors-green-700)',
  worse: 'var(--chakra-colors-red-700)',
  unchanged: 'var(--chakra-colors-gray-600)',
  neutral: 'var(--chakra-colors-gray-600)',
};

/** A signed figure in the tile's own format: +$1.2K, -3.4%, +120. */
const signed = (n: number, format: (n: number) => string) => `${n > 0 ? '+' : n < 0 ? '-' : ''}${format(Math.abs(n))}`;

/**
 * The words of one compared tile, all from the server's answer (value, change, percent, verdict): the arrow is
 * decoration, the text says the direction and whether it is good, so colour is never the only signal.
 */
export function compareText(c: FigureChangeFieldsFragment, format: (n: number) => string, against: string) {
  const direction = c.Change > 0 ? 'Up' : c.Change < 0 ? 'Down' : 'No change';
  const percent = c.Change_Percent === null ? 'new' : formatPercent(Math.abs(c.Change_Percent));
  const amount = c.Change === 0 ? '' : `${direction} ${percent} (${signed(c.Change, format)})`;
  const verdict = VERDICT_TEXT[c.Verdict] ?? '';
  return {
    arrow: c.Change > 0 ? '▲' : c.Change < 0 ? '▼' : '■',
    change: [amount || direction, c.Change !== 0 ? verdict : ''].filter(Boolean).join(', '),
    against: `vs ${format(c.Compare_Value)} ${against}`,
  };
}

function CompareLine({
  c,
  format,
  against,
}: {
  c: FigureChangeFieldsFragment;
  format(n: number): string;
  against: string;
}) {
  const t = compareText(c, format, against);
  return (
    <div data-testid="tile-compare" data-verdict={c.Verdict} style={{ fontSize: '0.8125rem', lineHeight: 1.35 }}>
      <p style={{ color: VERDICT_COLOR[c.Verdict], fontWeight: 600 }}>
        <span aria-hidden="true">{t.arrow} </span>
        <span data-testid="tile-change">{t.change}</span>
      </p>
      <p style={{ color: 'var(--chakra-colors-gray-600)' }} data-testid="tile-against">
        {t.against}
      </p>
    </div>
  );
}

export function SummaryTiles({ call }: { call: Call<Summary> }) {
  const s = call.data?.summary_data;
  const comparison = call.data?.comparison;
  const against = comparison ? (COMPARE_NAMES[comparison.mode] ?? 'comparison range') : '';
  return (
    <SimpleGrid columns={{ base: 2, lg: 3, xl: 6 }} gap="4" data-testid="summary-tiles" data-loading-state={call.state}>
      {TILES.map((t) => {
        const change = comparison?.changes.find((c) => c.Metric === t.figure);
        return (
          <StatCard
            key={t.title}
            title={t.title}
            value={s ? t.format(s[t.figure]) : '-'}
            loading={call.state === 'loading'}
            footer={change && <CompareLine c={change} format={t.format} against={against} />}
          />
        );
      })}
    </SimpleGrid>
  );
}
