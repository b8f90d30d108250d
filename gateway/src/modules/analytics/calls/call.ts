import { z } from 'zod';
import type { DashboardData } from '../dashboard-data';

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
}

export interface DashboardCall<
  N extends string = string,
  T extends z.ZodType = z.ZodType,
  S extends z.ZodType = z.ZodType,
> extends DashboardCallSpec<N, T, S> {
  /** `{table_data, summary_data}`, named `<Name>Answer` in GraphQL and in OpenAPI alike. */
  answer: z.ZodObject<{ table_data: T; summary_data: S }>;
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
  const answer = z
    .object({ table_data: spec.table_data, summary_data: spec.summary_data })
    .meta({ id: `${pascalCase(spec.name)}Answer` });
  return { ...spec, answer };
}
