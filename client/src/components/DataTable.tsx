import { Box, Button, Center, Checkbox, HStack, Input, NativeSelect, Spinner, Table, Text } from '@chakra-ui/react';
import {
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import { useEffect, useMemo, type ReactNode } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { PHONE_FORM } from './phone-table';

/** The one grid of the product (STYLE: DataTable): sorting, quick filter, paging, selection, states. */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic, datetime: sortFn_datetime },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnMeta: {} as { numeric?: boolean; label?: string },
});

/** A column of a DataTable: `meta.numeric` right-aligns it; `enableSorting: false` for action columns. */
export type DataColumn<T extends RowData> = ColumnDef<typeof dataTableFeatures, T, any>;

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

export interface DataTableProps<T extends RowData> {
  data: readonly T[];
  columns: DataColumn<T>[];
  getRowId(row: T): string;
  loading?: boolean;
  error?: string;
  emptyText: string;
  pageSizeOptions?: number[];
  initialPageSize?: number;
  /** A 'Search' box that filters rows on every column's text. */
  quickFilter?: boolean;
  /** Adds a checkbox column; the caller keeps the selected ids. */
  selection?: { selected: string[]; onChange(ids: string[]): void; label?(row: T): string };
  onRowDoubleClick?(row: T): void;
  toolbar?: ReactNode;
  caption?: string;
  testId?: string;
}

/** A column's name for the phone form's labels: its header text, else `meta.label`. */
function labelOf(columnDef: { header?: unknown; meta?: { label?: string } }): string | undefined {
  return typeof columnDef.header === 'string' ? columnDef.header : columnDef.meta?.label;
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const options = props.pageSizeOptions ?? PAGE_SIZE_OPTIONS;
  const data = useMemo(() => [...props.data], [props.data]);
  const table = useTable({
    features: dataTableFeatures,
    columns: props.columns,
    data,
    getRowId: (row: T) => props.getRowId(row),
    globalFilterFn: 'includesString',
    initialState: { pagination: { pageIndex: 0, pageSize: props.initialPageSize ?? options[1] ?? options[0] } },
  });
  const { pagination, globalFilter } = table.state;
  const total = table.getFilteredRowModel().rows.length;
  const rows = table.getRowModel().rows;

  // A shorter list (a filter, a removal) never leaves the table on a page past its end.
  useEffect(() => {
    if (pagination.pageIndex > 0 && pagination.pageIndex * pagination.pageSize >= total) table.setPageIndex(0);
  }, [total, pagination.pageIndex, pagination.pageSize, table]);

  const selected = new Set(props.selection?.selected ?? []);
  const pageIds = rows.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    props.selection?.onChange([...next]);
  };
  const togglePage = (on: boolean) => {
    const next = new Set(selected);
    for (const id of pageIds) {
      if (on) next.add(id);
      else next.delete(id);
    }
    props.selection?.onChange([...next]);
  };

  const from = total ? pagination.pageIndex * pagination.pageSize + 1 : 0;
  const to = Math.min(total, (pagination.pageIndex + 1) * pagination.pageSize);
  const colSpan = props.columns.length + (props.selection ? 1 : 0);

  let state: ReactNode = null;
  if (props.loading) {
    state = (
      <HStack justify="center" py="10" gap="3" role="status">
        <Spinner color="primary" />
        <Text>Loading...</Text>
      </HStack>
    );
  } else if (props.error) {
    state = (
      <Text py="10" textAlign="center" color="red.600" role="alert">
        {props.error}
      </Text>
    );
  } else if (!total) {
    state = (
      <Text py="10" textAlign="center" color="gray.500">
        {props.data.length && globalFilter ? 'No matching rows' : props.emptyText}
      </Text>
    );
  }

  return (
    <Box data-testid={props.testId} data-loading-state={props.loading ? 'loading' : total ? 'ready' : 'empty'}>
      {(props.quickFilter || props.toolbar) && (
        <HStack justify="space-between" gap="3" mb="3" wrap="wrap">
          {props.quickFilter ? (
            <Input
              size="sm"
              maxW={{ base: '100%', md: '280px' }}
              placeholder="Search"
              aria-label="Search"
              value={(globalFilter as string | undefined) ?? ''}
              onChange={(e) => table.setGlobalFilter(e.target.value)}
            />
          ) : (
            <span />
          )}
          {props.toolbar && <HStack gap="2">{props.toolbar}</HStack>}
        </HStack>
      )}
      <Box overflowX={{ base: 'visible', md: 'auto' }}>
        <Table.Root size="sm" striped interactive css={PHONE_FORM}>
          {props.caption && <Table.Caption srOnly>{props.caption}</Table.Caption>}
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id}>
                {props.selection && (
                  <Table.ColumnHeader w="10">
                    <Checkbox.Root
                      size="sm"
                      checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
                      onCheckedChange={(e) => togglePage(e.checked === true)}
                      aria-label="Select all rows on this page"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.ColumnHeader>
                )}
                {group.headers.map((header) => {
                  const numeric = header.column.columnDef.meta?.numeric;
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <Table.ColumnHeader
                      key={header.id}
                      textAlign={numeric ? 'end' : 'start'}
                      whiteSpace="nowrap"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {canSort ? (
                        <Button
                          variant="plain"
                          size="xs"
                          px="0"
                          fontWeight="semibold"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {content}
                          {sorted === 'asc' ? <LuArrowUp /> : sorted === 'desc' ? <LuArrowDown /> : <LuArrowUpDown />}
                        </Button>
                      ) : (
                        content
                      )}
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {state ? (
              <Table.Row>
                <Table.Cell colSpan={colSpan} p="0">
                  {state}
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((row) => (
                <Table.Row
                  key={row.id}
                  data-row-id={row.id}
                  onDoubleClick={props.onRowDoubleClick ? () => props.onRowDoubleClick?.(row.original) : undefined}
                  cursor={props.onRowDoubleClick ? 'pointer' : undefined}
                >
                  {props.selection && (
                    <Table.Cell>
                      <Checkbox.Root
                        size="sm"
                        checked={selected.has(row.id)}
                        onCheckedChange={(e) => toggle(row.id, e.checked === true)}
                        aria-label={props.selection.label ? props.selection.label(row.original) : 'Select row'}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                  )}
                  {row.getAllCells().map((cell) => (
                    <Table.Cell
                      key={cell.id}
                      textAlign={cell.column.columnDef.meta?.numeric ? 'end' : 'start'}
                      data-label={labelOf(cell.column.columnDef)}
                    >
                      <table.FlexRender cell={cell} />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack justify="flex-end" gap="3" pt="3" wrap="wrap">
        <HStack gap="2">
          <Text fontSize="sm" color="gray.600" id="rows-per-page">
            Rows per page
          </Text>
          <NativeSelect.Root size="xs" w="20">
            <NativeSelect.Field
              aria-labelledby="rows-per-page"
              value={String(pagination.pageSize)}
              onChange={(e) => table.setPageSize(Number(e.target.value))}
            >
              {options.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <Text fontSize="sm" color="gray.600" data-testid="page-range">
          {from}–{to} of {total}
        </Text>
        <Button size="xs" variant="outline" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
          Previous
        </Button>
        <Button size="xs" variant="outline" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          Next
        </Button>
      </HStack>
    </Box>
  );
}

/** Centred text inside a cell (e.g. 'N/A'). */
export const CellNote = ({ children }: { children: ReactNode }) => <Center color="gray.500">{children}</Center>;
