import { SimpleGrid } from '@chakra-ui/react';
import { ChartCard } from '../../../components/ChartCard';
import { formatDecimal1 } from '../../../components/format';
import type { ImpressionsBeforeVisitQuery, ResponsesOverTimeQuery } from '../../../gql/graphql';
import { GaugeChart } from '../charts/GaugeChart';
import type { Call } from '../hooks/useDashboardData';
import { CORRELATION_LABELS, clamp, correlationLabel } from '../utils/chart-data';

export const CORRELATION_MAX = 1;
export const PARETO_MAX = 10;

/** Correlation (0..1, Weak / Moderate / Strong) and Pareto (0..10) half-circle gauges (spec 2). */
export function Gauges(props: {
  overTime: Call<ResponsesOverTimeQuery['responses_over_time']>;
  beforeVisit: Call<ImpressionsBeforeVisitQuery['impressions_before_visit']>;
}) {
  const r = props.overTime.data?.summary_data.correlation ?? 0;
  const views = props.beforeVisit.data?.summary_data.Views_for_80_Percent ?? 0;
  // The over-time call answers the correlation even when it has rows of zeros; an empty table is still a gauge.
  const corrState = props.overTime.state === 'empty' ? 'ready' : props.overTime.state;
  const paretoState = props.beforeVisit.state === 'empty' ? 'ready' : props.beforeVisit.state;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <ChartCard
        title="Correlation"
        subtitle="Impressions against all visits"
        help="Pearson correlation of daily impressions with daily visits over the range: 0 none, 1 perfect. Weak below 0.4, Moderate from 0.4, Strong from 0.7."
        state={corrState}
        testId="panel-correlation"
      >
        <GaugeChart
          value={r}
          max={CORRELATION_MAX}
          display={formatDecimal1(clamp(r, CORRELATION_MAX))}
          labels={CORRELATION_LABELS}
          active={correlationLabel(clamp(r, CORRELATION_MAX))}
          ariaLabel={`Correlation ${formatDecimal1(clamp(r, CORRELATION_MAX))}, ${correlationLabel(clamp(r, CORRELATION_MAX))}`}
        />
      </ChartCard>
      <ChartCard
        title="Pareto - 80% Rule"
        subtitle="Impressions to Deliver 80% Visits"
        help="The fewest impressions per household before a visit that account for 80% of all visits."
        state={paretoState}
        testId="panel-pareto"
      >
        <GaugeChart
          value={views}
          max={PARETO_MAX}
          display={formatDecimal1(clamp(views, PARETO_MAX))}
          ariaLabel={`Pareto: ${formatDecimal1(views)} impressions deliver 80% of visits`}
        />
      </ChartCard>
    </SimpleGrid>
  );
}
