import type { ReactNode } from 'react';
import type { FigureChangeFieldsFragment, RowChangeFieldsFragment } from '../../../gql/graphql';
import { COMPARE_NAMES, compareText, VERDICT_COLOR } from '../panels/SummaryTiles';
import { orNA } from '../utils/details-paging';

/** A table's column that may carry a compared figure: `figure` names it as the server's row_changes do. */
export interface ComparableColumn<T> {
  header: string;
  cell(row: T): ReactNode;
  numeric?: boolean;
  figure?: { metric: string; format(n: number): string };
}

/**
 * A numeric column of one of the row's figures: the figure formatted ('N/A' when the server sent none), and,
 * with "Compare to" on, a change column after it (withChangeColumns). The metric is the row's field name,
 * as the server's row_changes name it.
 */
export function figureColumn<T>(header: string, metric: keyof T & string, format: (n: number) => string) {
  return {
    header,
    cell: (r: T) => orNA(r[metric], format),
    numeric: true,
    figure: { metric, format },
  } satisfies ComparableColumn<T>;
}

/**
 * One compared figure of a row, all from the server's row_changes (docs/design.md#period-comparison): the
 * change in words (direction, percent, amount, better/worse; colour only repeats it) and the comparison
 * range's value.
 */
export function ChangeCell({ c, format }: { c: FigureChangeFieldsFragment | undefined; format(n: number): string }) {
  if (!c) return <span data-testid="row-change">-</span>;
  const t = compareText(c, format, '');
  return (
    <span data-testid="row-change" data-verdict={c.Verdict} style={{ display: 'inline-block', lineHeight: 1.3 }}>
      <span style={{ color: VERDICT_COLOR[c.Verdict], fontWeight: 600, display: 'block' }}>
        <span aria-hidden="true">{t.arrow} </span>
        <span data-testid="row-change-text">{t.change}</span>
      </span>
      <span style={{ color: 'var(--chakra-colors-gray-600)', display: 'block' }} data-testid="row-change-against">
        {t.against.trim()}
      </span>
    </span>
  );
}

/**
 * The columns with, when a comparison is on, a change column after each compared figure ("Total Visits vs
 * previous period"). Rows pair with the server's row_changes by `key` (the row's name, as the server pairs them).
 */
export function withChangeColumns<T>(
  columns: ComparableColumn<T>[],
  comparison: { mode: string; row_changes: RowChangeFieldsFragment[] } | null | undefined,
  key: (row: T) => string,
): ComparableColumn<T>[] {
  if (!comparison) return columns;
  const against = COMPARE_NAMES[comparison.mode] ?? 'comparison range';
  const byKey = new Map(comparison.row_changes.map((r) => [r.Key, r.changes]));
  return columns.flatMap((col) => {
    const figure = col.figure;
    if (!figure) return [col];
    const change: ComparableColumn<T> = {
      header: `${col.header} vs ${against}`,
      numeric: true,
      cell: (r) => <ChangeCell c={byKey.get(key(r))?.find((c) => c.Metric === figure.metric)} format={figure.format} />,
    };
    return [col, change];
  });
}
