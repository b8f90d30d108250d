import { Box, chakra, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The text alternative of a chart: its numbers as a table in a disclosure, so a screen reader (or
 * anyone) can read what the picture shows.
 */
export function ChartTable(props: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
  testId?: string;
  open?: boolean;
}) {
  return (
    <chakra.details mt="2" fontSize="sm" open={props.open} data-testid={props.testId}>
      <chakra.summary cursor="pointer" color="tint" fontSize="sm" w="fit-content">
        Show data table
      </chakra.summary>
      <Box overflowX="auto" mt="2">
        <Table.Root size="sm" variant="outline">
          <Table.Caption captionSide="top" textAlign="left">
            {props.caption}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              {props.headers.map((h, i) => (
                <Table.ColumnHeader key={h} textAlign={i === 0 ? 'start' : 'end'}>
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.rows.map((cells, r) => (
              <Table.Row key={r}>
                {cells.map((c, i) => (
                  <Table.Cell key={i} textAlign={i === 0 ? 'start' : 'end'}>
                    {c}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </chakra.details>
  );
}
