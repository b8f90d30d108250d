import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';
import { type CompareSpec, comparisonShape } from './compare';

/** `table_data` of a call whose figures are all in summary_data: always `[]`. */
export const noRows = z.array(z.never()).describe('Always empty: the figures are in summary_data');
/** `summary_data` of a call whose figures are all in table_data: always `{}`. */
export const noSummary = z.strictObject({}).describe('Always empty: the figures are in table_data');

/**
 * One dashboard call as written by its file in calls/: its name (`POST /api/dashboard/<name>` and the
 * GraphQL query `<name>(filter:)`), a description for partners, the shape of its answer in zod, and the
 * function that computes the answer from the shared parts. The registry turns it into both transports.
 */
export interface DashboardCallSpec<N extends string, T extends z.ZodType, S extends z.ZodType> {
  name: N;
  /** The GraphQL query's description and the OpenAPI operation's summary. */
  description: string;
  table_data: T;
  summary_data: S;
  compute: (data: DashboardData) => Promise<{ table_data: z.output<T>; summary_data: z.output<S> }>;
  /**
   * Offers period comparison (docs/design.md#period-comparison): which way each summary figure should move,
   * and how rows pair up by name. A call without it ignores the filter's `compare`.
   */
  compare?: CompareSpec<RowOf<z.output<T>>>;
}

type RowOf<T> = T extends readonly (infer R)[] ? R : never;

export interface DashboardCall<
  N extends string = string,
  T extends z.ZodType = z.ZodType,
  S extends z.ZodType = z.ZodType,
> extends DashboardCallSpec<N, T, S> {
  /**
   * `{table_data, summary_data}` (and, for a call that compares, the optional `comparison`), named
   * `<Name>Answer` in GraphQL and in OpenAPI alike.
   */
  answer: z.ZodObject<{ table_data: T; summary_data: S; comparison?: z.ZodOptional<z.ZodType> }>;
}

/** `impression_summary` -> `ImpressionSummary`. */
export const pascalCase = (name: string) =>
  name.replace(/(^|_)([a-z])/g, (_m, _s: string, c: string) => c.toUpperCase());

/**
 * Declares a call. tsc checks `compute` against the zod shapes, and every transport derives from them,
 * so the answer's shape is written once.
 */
export function dashboardCall<N extends string, T extends z.ZodType, S extends z.ZodType>(
  spec: DashboardCallSpec<N, T, S>,
): DashboardCall<N, T, S> {
  const name = pascalCase(spec.name);
  const comparison = spec.compare
    ? { comparison: comparisonShape(name, spec.table_data, spec.summary_data).optional() }
    : {};
  const answer = z
    .object({ table_data: spec.table_data, summary_data: spec.summary_data, ...comparison })
    .meta({ id: `${name}Answer` });
  return { ...spec, answer } as DashboardCall<N, T, S>;
}
