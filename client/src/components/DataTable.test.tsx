import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '../test/render';
import { DataTable, type DataColumn } from './DataTable';

interface Row {
  id: number;
  name: string;
  cpm: number;
}
const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `Booking ${String(i + 1).padStart(2, '0')}`,
  cpm: 30 - i,
}));
const columns: DataColumn<Row>[] = [
  { accessorKey: 'name', header: 'Booking' },
  { accessorKey: 'cpm', header: 'CPM', meta: { numeric: true } },
];

function Harness(props: { data?: Row[]; loading?: boolean }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <DataTable
        data={props.data ?? rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        emptyText="No bookings available"
        loading={props.loading}
        quickFilter
        selection={{ selected, onChange: setSelected }}
      />
      <p>Copy Selected ({selected.length})</p>
    </>
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('pages by 25 by default and changes the page size', async () => {
    renderWithTheme(<Harness />);
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByTestId('page-range')).toHaveTextContent('1–25 of 30');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(5);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    expect(bodyRows()).toHaveLength(10);
  });

  it('sorts by a header and filters with the quick filter', async () => {
    renderWithTheme(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /CPM/ }));
    const first = () => within(bodyRows()[0]).getAllByRole('cell')[1].textContent;
    const asc = first();
    await userEvent.click(screen.getByRole('button', { name: /CPM/ }));
    expect(first()).not.toBe(asc);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'Booking 07');
    expect(bodyRows()).toHaveLength(1);
  });

  it('selects rows and shows the empty and loading states', async () => {
    const { unmount } = renderWithTheme(<Harness />);
    await userEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[0]);
    expect(screen.getByText('Copy Selected (1)')).toBeInTheDocument();
    unmount();
    renderWithTheme(<Harness data={[]} />);
    expect(screen.getByText('No bookings available')).toBeInTheDocument();
  });
});
