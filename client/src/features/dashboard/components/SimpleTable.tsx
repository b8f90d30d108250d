import { Box, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SimpleColumn<T> {
  header: string;
  cell(row: T): ReactNode;
  numeric?: boolean;
}

/** A small read-only table of a panel (no paging): the panel already holds only a few rows. */
export function SimpleTable<T>(props: {
  columns: SimpleColumn<T>[];
  rows: readonly T[];
  caption: string;
  testId?: string;
  rowKey(row: T, i: number): string;
}) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="line" data-testid={props.testId}>
        <Table.Caption srOnly>{props.caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {props.columns.map((c) => (
              <Table.ColumnHeader key={c.header} textAlign={c.numeric ? 'end' : 'start'}>
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.rows.map((r, i) => (
            <Table.Row key={props.rowKey(r, i)}>
              {props.columns.map((c) => (
                <Table.Cell key={c.header} textAlign={c.numeric ? 'end' : 'start'}>
                  {c.cell(r)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
