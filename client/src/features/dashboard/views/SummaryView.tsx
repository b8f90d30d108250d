import { SimpleGrid, type BoxProps } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import { Column } from '../../../components/Column';
import { formatCount } from '../../../components/format';
import { NearViewport } from '../../../components/NearViewport';
import type { DashboardData } from '../hooks/useDashboardData';
import { CategoryBars } from '../panels/CategoryBars';
import { Gauges } from '../panels/Gauges';
import { ImpressionsBeforeVisit } from '../panels/ImpressionsBeforeVisit';
import { InvalidTraffic } from '../panels/InvalidTraffic';
import { RankedBarCard } from '../panels/RankedBarCard';
import { RegionPanel } from '../panels/RegionPanel';
import { ResponseTiming } from '../panels/ResponseTiming';
import { ReachLift } from '../panels/ReachLift';
import { PageTable } from '../panels/SmallTables';
import { SummaryTiles } from '../panels/SummaryTiles';
import { VisitsOverTime } from '../panels/VisitsOverTime';
import { WhatIfPanel } from '../panels/WhatIf';

/**
 * One row of the summary view: a name (for the reader and for tests), the calls it shows and how. A row
 * renders again only when one of its calls settles, not on each of the refresh's 13 answers (on a phone's
 * CPU, redrawing every panel 13 times was most of the dashboard's blocking time).
 */
export interface SummaryRow {
  name: string;
  uses: (keyof DashboardData)[];
  render(d: DashboardData): ReactNode;
  /**
   * The row's usual height on a phone and from lg up (demo data): a row below the first is drawn only when it
   * comes near the screen, and until then this much space is held for it. Without it the row is
   * drawn at once.
   */
  reserve?: BoxProps['h'];
}

/**
 * The rows of the summary view, top to bottom. A new row is one entry here (the "Reach & Lift" row of
 * docs/design.md#reach-frequency-and-lift goes into REACH_AND_LIFT_SLOT below).
 */
export const SUMMARY_ROWS: SummaryRow[] = [
  { name: 'tiles', uses: ['summary'], render: (d) => <SummaryTiles call={d.summary} /> },
  {
    name: 'gauges',
    reserve: { base: '535px', md: '274px' },
    uses: ['overTime', 'beforeVisit'],
    render: (d) => <Gauges overTime={d.overTime} beforeVisit={d.beforeVisit} />,
  },
  {
    name: 'visits-over-time',
    reserve: { base: '613px', md: '552px' },
    uses: ['overTime'],
    render: (d) => <VisitsOverTime call={d.overTime} />,
  },
  {
    name: 'timing',
    reserve: { base: '955px', lg: '532px' },
    uses: ['timing', 'beforeVisit'],
    render: (d) => (
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ResponseTiming call={d.timing} />
        <ImpressionsBeforeVisit call={d.beforeVisit} />
      </SimpleGrid>
    ),
  },
  {
    name: 'what-if',
    reserve: { base: '720px', lg: '650px' },
    // Its own call, asked for when the reader opens the panel: no refresh waits for it.
    uses: [],
    render: () => <WhatIfPanel />,
  },
  {
    name: 'regions',
    reserve: { base: '500px', lg: '410px' },
    uses: ['regions'],
    render: (d) => <RegionPanel call={d.regions} />,
  },
  {
    name: 'creatives-and-pages',
    reserve: { base: '854px', lg: '499px' },
    uses: ['creatives', 'sites'],
    render: (d) => (
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <RankedBarCard
          title="Top Creatives by Visits"
          help="The creatives whose impressions drove the most visits (each visit credited to its last impression)."
          state={d.creatives.state}
          valueHeader="Visits"
          secondaryColor="#00a2e8"
          testId="panel-ranked-creatives"
          csv={d.creatives.data?.table_data}
          rows={[...(d.creatives.data?.table_data ?? [])]
            .sort((a, b) => b.Total_Responses - a.Total_Responses)
            .map((r) => ({ label: r.Creative, value: r.Total_Responses, text: formatCount(r.Total_Responses) }))}
        />
        <CategoryBars
          title="Visits by Page"
          category="Page"
          help="Visits that reached each page (site tag) after an impression."
          state={d.sites.state}
          testId="panel-visits-by-page"
          csv={d.sites.data?.table_data}
          rows={(d.sites.data?.table_data ?? []).map((r) => ({
            label: r.Site,
            visits: r.Responses,
            costPerVisit: r.CPR,
          }))}
        />
      </SimpleGrid>
    ),
  },
  {
    name: 'pages',
    reserve: { base: '184px', lg: '144px' },
    uses: ['sites'],
    render: (d) => <PageTable call={d.sites} />,
  },
  {
    name: 'invalid-traffic',
    reserve: { base: '520px', lg: '260px' },
    uses: ['invalid'],
    render: (d) => <InvalidTraffic call={d.invalid} />,
  },
];

/** Where the Reach & Lift row (docs/design.md#reach-frequency-and-lift) goes: after visits over time. */
export const REACH_AND_LIFT_SLOT = 3;
SUMMARY_ROWS.splice(REACH_AND_LIFT_SLOT, 0, {
  name: 'reach-and-lift',
  reserve: { base: '1084px', md: '735px', xl: '607px' },
  uses: ['reach', 'lift'],
  render: (d) => <ReachLift reach={d.reach} lift={d.lift} />,
});

export function SummaryView({ data, rows = SUMMARY_ROWS }: { data: DashboardData; rows?: SummaryRow[] }) {
  return (
    <Column data-testid="summary-view">
      {rows.map((r) => (
        <Row key={r.name} row={r} data={data} />
      ))}
    </Column>
  );
}

const Row = memo(
  function Row({ row, data }: { row: SummaryRow; data: DashboardData }) {
    const content = row.render(data);
    return (
      <div data-row={row.name}>
        {row.reserve ? <NearViewport height={row.reserve}>{content}</NearViewport> : content}
      </div>
    );
  },
  (before, after) => before.row === after.row && before.row.uses.every((k) => before.data[k] === after.data[k]),
);
