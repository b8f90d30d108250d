import { Button, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import type { OperationVariables, TypedDocumentNode, WatchQueryFetchPolicy } from '@apollo/client';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LuPlus } from 'react-icons/lu';
import { isCancelled } from '../app/api-errors';
import { DataTable, type DataColumn, type DataTableProps } from './DataTable';
import { RowAction, type RowActionKind } from './RowActions';
import { StatCard, StatGrid } from './StatCard';
import { RECORD_PAGE_SIZE, unableToRetrieve } from './record-texts';
import { notify } from './toaster';

/** A list of records as a tab shows it: the rows, the first load, the failure text. */
export interface RecordList<Row> {
  rows: readonly Row[];
  loading: boolean;
  error?: string;
}

/**
 * Reads one list of records. A failure is the screen's own message (spec 8: 'Unable to retrieve {entities}.
 * Please try again.') in the grid, and once as a toast where `toast` is set; a cancelled read is no failure.
 */
export function useRecordQuery<TData, TVars extends OperationVariables, Row>(
  document: TypedDocumentNode<TData, TVars>,
  options: {
    entities: string;
    select(data: TData): readonly Row[] | null | undefined;
    variables?: TVars;
    skip?: boolean;
    fetchPolicy?: WatchQueryFetchPolicy;
    toast?: boolean;
  },
): RecordList<Row> & { refetch(): Promise<unknown> } {
  const { data, loading, error, refetch } = useQuery(document as TypedDocumentNode<TData, OperationVariables>, {
    variables: options.variables,
    skip: options.skip,
    fetchPolicy: options.fetchPolicy,
    context: { silent: true },
  });
  const failed = !!error && !isCancelled(error);
  const { toast, entities } = options;
  useEffect(() => {
    if (failed && toast) notify('error', unableToRetrieve(entities));
  }, [failed, toast, entities]);
  const rows = (data ? options.select(data as TData) : undefined) ?? EMPTY;
  return {
    rows: rows as readonly Row[],
    loading: loading && !data,
    error: failed && !data ? unableToRetrieve(entities) : undefined,
    refetch,
  };
}
const EMPTY: readonly never[] = [];

/** A tab's modal and removal state: nothing open, adding (record null) or editing a record. */
export function useRecordTab<Row>() {
  const [modal, setModal] = useState<{ record: Row | null } | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  return useMemo(
    () => ({
      open: modal !== null,
      record: modal?.record ?? null,
      add: () => setModal({ record: null }),
      edit: (record: Row) => setModal({ record }),
      close: () => setModal(null),
      removing,
      remove: (record: Row) => setRemoving(record),
      closeRemove: () => setRemoving(null),
    }),
    [modal, removing],
  );
}

/** One figure card of a tab (spec 2). */
export interface RecordCard {
  title: string;
  value: string;
  icon?: ReactNode;
  note?: string;
  alert?: boolean;
}

/** One button of a row's actions column; `denied` returns the reason the user may not, or nothing. */
export interface RecordAction<Row> {
  kind: RowActionKind;
  label(row: Row): string;
  onClick(row: Row): void;
  denied?(row: Row): string | undefined;
  shown?(row: Row): boolean;
}

export type RecordTabProps<Row extends { id: number | string }> = Omit<
  DataTableProps<Row>,
  'data' | 'loading' | 'error' | 'getRowId' | 'toolbar' | 'caption' | 'testId' | 'emptyText' | 'quickFilter'
> & {
  /** The grid: its test id and caption, the empty text, paged by 10 (spec 9) and a Search box. */
  grid: { testId: string; caption: string; empty: string; paged?: boolean; search?: boolean };
  list: RecordList<Row>;
  getRowId?(row: Row): string;
  cards?: RecordCard[];
  cardsLoading?: boolean;
  /** Cards a row on wide screens (at least 3, so one card is no banner). */
  cardCount?: number;
  /** Anything between the cards and the grid (an explanation, the association requests). */
  intro?: ReactNode;
  add?: { label: string; onClick(): void; disabled?: boolean };
  /** Toolbar buttons before the add button. */
  tools?: ReactNode;
  actions?: RecordAction<Row>[];
  /** 'Edit' where editing is the only action, else 'Actions' (spec 2). */
  actionsHeader?: string;
  /** The tab's modals and confirmations. */
  children?: ReactNode;
};

/**
 * The building block of every management tab (spec 2): its cards, the grid with an actions column and the
 * add button, and its modals. A tab gives its list, columns, cards and actions; the skeleton is here once.
 */
export function RecordTab<Row extends { id: number | string }>(props: RecordTabProps<Row>) {
  const { grid, list, cards, cardsLoading, cardCount, intro, add, tools, actions, actionsHeader, children, ...table } =
    props;
  // The actions column reads the latest actions at render; the column itself stays the same object.
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const hasActions = !!actions?.length;
  const columns = useMemo<DataColumn<Row>[]>(() => {
    if (!hasActions) return props.columns;
    const column: DataColumn<Row> = {
      id: actionsHeader === 'Edit' ? 'edit' : 'actions',
      header: actionsHeader ?? 'Actions',
      enableSorting: false,
      cell: ({ row }) => (
        <HStack gap="1">
          {(actionsRef.current ?? [])
            .filter((a) => a.shown?.(row.original) ?? true)
            .map((a) => {
              const reason = a.denied?.(row.original);
              return (
                <RowAction
                  key={a.kind}
                  kind={a.kind}
                  label={a.label(row.original)}
                  disabled={!!reason}
                  disabledReason={reason || undefined}
                  onClick={() => a.onClick(row.original)}
                />
              );
            })}
        </HStack>
      ),
    };
    return [...props.columns, column];
  }, [props.columns, hasActions, actionsHeader]);

  const toolbar =
    tools || add ? (
      <>
        {tools}
        {add && (
          <Button size="sm" colorPalette="brand" onClick={add.onClick} disabled={add.disabled}>
            <LuPlus /> {add.label}
          </Button>
        )}
      </>
    ) : undefined;

  return (
    <Stack gap="4">
      {cards && cards.length > 0 && (
        <StatGrid max={cardCount ?? Math.max(3, cards.length)}>
          {cards.map((c) => (
            <StatCard key={c.title} {...c} loading={cardsLoading} />
          ))}
        </StatGrid>
      )}
      {intro}
      <DataTable
        {...table}
        testId={grid.testId}
        caption={grid.caption}
        emptyText={grid.empty}
        quickFilter={grid.search}
        pageSizeOptions={grid.paged ? [RECORD_PAGE_SIZE] : table.pageSizeOptions}
        initialPageSize={grid.paged ? RECORD_PAGE_SIZE : table.initialPageSize}
        columns={columns}
        data={list.rows}
        loading={list.loading}
        error={list.error}
        getRowId={props.getRowId ?? ((r) => String(r.id))}
        toolbar={toolbar}
      />
      {children}
    </Stack>
  );
}
