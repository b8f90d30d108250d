import { useApolloClient } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isCancelled } from '../../../app/api-errors';
import {
  CreativePerformanceCostDocument,
  CreativePerformanceSummaryDocument,
  DashboardAnalysisDocument,
  ImpressionHeatmapDocument,
  ImpressionsBeforeVisitDocument,
  ImpressionSummaryDocument,
  IncrementalLiftDocument,
  InvalidTrafficDocument,
  PlatformCreativePerformanceDocument,
  ReachFrequencyDocument,
  ResponsesByRegionDocument,
  ResponsesBySiteDocument,
  ResponsesOverTimeDocument,
  VisitResponseTimingDocument,
  type DashboardFilterInput,
} from '../../../gql/graphql';

export type PanelState = 'loading' | 'ready' | 'empty' | 'error';

export interface Call<T> {
  data: T | undefined;
  state: PanelState;
}

type Doc<TData> = TypedDocumentNode<TData, { filter: DashboardFilterInput }>;
interface CallSpec<TData, T> {
  doc: Doc<TData>;
  pick(d: TData): T;
  isEmpty(v: T): boolean;
}
const spec = <TData, T>(doc: Doc<TData>, pick: (d: TData) => T, isEmpty: (v: T) => boolean = () => false) => ({
  doc,
  pick,
  isEmpty,
});
const noRows = (v: { table_data: readonly unknown[] }) => v.table_data.length === 0;

/**
 * The 11 dashboard calls of spec 7, the two of docs/design.md#reach-frequency-and-lift (reach and lift) and
 * docs/invalid-traffic.md#the-report (invalid). The attribution what-if is not one of them: it reads 30 days of
 * impressions per visit, so its panel asks for it only when the reader opens it (panels/WhatIf.tsx).
 */
const CALLS = {
  summary: spec(ImpressionSummaryDocument, (d) => d.impression_summary),
  overTime: spec(ResponsesOverTimeDocument, (d) => d.responses_over_time, noRows),
  timing: spec(VisitResponseTimingDocument, (d) => d.visit_response_timing),
  beforeVisit: spec(ImpressionsBeforeVisitDocument, (d) => d.impressions_before_visit, noRows),
  heatmap: spec(
    ImpressionHeatmapDocument,
    (d) => d.impression_heatmap,
    (v) => v.table_data.impressions.length === 0,
  ),
  regions: spec(ResponsesByRegionDocument, (d) => d.responses_by_region, noRows),
  sites: spec(ResponsesBySiteDocument, (d) => d.responses_by_site, noRows),
  creatives: spec(CreativePerformanceSummaryDocument, (d) => d.creative_performance_summary, noRows),
  cost: spec(CreativePerformanceCostDocument, (d) => d.creative_performance_cost, noRows),
  platform: spec(PlatformCreativePerformanceDocument, (d) => d.platform_creative_performance, noRows),
  analysis: spec(DashboardAnalysisDocument, (d) => d.analysis),
  reach: spec(ReachFrequencyDocument, (d) => d.reach_frequency, noRows),
  lift: spec(IncrementalLiftDocument, (d) => d.incremental_lift),
  invalid: spec(InvalidTrafficDocument, (d) => d.invalid_traffic),
};
type Calls = typeof CALLS;
export type DashboardData = {
  [K in keyof Calls]: Call<ReturnType<Calls[K]['pick']>>;
};
type AnyCall = CallSpec<unknown, unknown>;

const loadingAll = () =>
  Object.fromEntries(Object.keys(CALLS).map((k) => [k, { data: undefined, state: 'loading' }])) as DashboardData;

/**
 * A refresh runs the dashboard calls in parallel, each settling its own panel, so the slowest call holds back
 * only its panel (spec 7). The same filter again is no new refresh (identical requests are skipped); a
 * new filter aborts the calls still running for the older one, and those aborts stay silent (spec 8).
 * Failures are toasted once by the Apollo error link; here they only mark their panel.
 */
export function useDashboardData(filter: DashboardFilterInput | null): DashboardData {
  const client = useApolloClient();
  const key = filter ? JSON.stringify(filter) : null;
  const [result, setResult] = useState<{ key: string | null; data: DashboardData }>(() => ({
    key: null,
    data: loadingAll(),
  }));
  const current = useRef<AbortController | null>(null);

  useEffect(() => {
    if (key === null) return;
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const variables = { filter: JSON.parse(key) as DashboardFilterInput };
    setResult({ key, data: loadingAll() });
    const launch = (name: keyof Calls, call: AnyCall) =>
      void client
        .query({
          query: call.doc,
          variables,
          fetchPolicy: 'no-cache',
          context: { fetchOptions: { signal: controller.signal } },
        })
        .then(
          ({ data }) => {
            const value = data ? call.pick(data) : undefined;
            const state: PanelState = value === undefined ? 'error' : call.isEmpty(value) ? 'empty' : 'ready';
            return { data: value, state };
          },
          (error: unknown) =>
            isCancelled(error) || controller.signal.aborted ? null : { data: undefined, state: 'error' as const },
        )
        .then((settled) => {
          if (!settled || controller.signal.aborted) return;
          setResult((r) => (r.key === key ? { key, data: { ...r.data, [name]: settled } } : r));
        });
    // Starting a call (Apollo's links, the request's body, the fetch) costs a phone's CPU ~30 ms: one call a
    // task, so starting all 13 is not one long task of its own. The summary's goes first.
    const calls = Object.entries(CALLS) as [keyof Calls, AnyCall][];
    let next = 0;
    const startNext = () => {
      if (controller.signal.aborted) return;
      const [name, call] = calls[next++];
      launch(name, call);
      if (next < calls.length) setTimeout(startNext, 0);
    };
    startNext();
  }, [client, key]);

  useEffect(() => () => current.current?.abort(), []);

  // Until the first refresh of a new filter has started, every panel is loading.
  return useMemo(() => (result.key === key ? result.data : loadingAll()), [result, key]);
}
