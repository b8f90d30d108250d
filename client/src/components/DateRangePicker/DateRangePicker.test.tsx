import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { useState } from 'react';
import { renderWithTheme } from '../../test/render';
import { DateRangePicker } from './DateRangePicker';
import { defaultRange, type DateRange } from './range';

const NOW = new Date(2026, 10, 18, 10, 30);
const now = () => NOW;
const show = (r: DateRange) => `${format(r.start, 'yyyy-MM-dd HH:mm:ss')} -> ${format(r.end, 'yyyy-MM-dd HH:mm:ss')}`;

function Harness({
  onChange,
  onInputError,
}: {
  onChange: (r: DateRange) => void;
  onInputError?: (e: unknown) => void;
}) {
  const [range, setRange] = useState(defaultRange(NOW));
  return (
    <DateRangePicker
      value={range}
      now={now}
      onInputError={onInputError}
      onChange={(r) => {
        setRange(r);
        onChange(r);
      }}
    />
  );
}

async function openPicker() {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('date-range-button'));
  await screen.findByRole('button', { name: 'Last 7 Days' });
  return user;
}

describe('DateRangePicker', () => {
  it('shows the default last 30 days and applies a preset', async () => {
    const onChange = jest.fn();
    renderWithTheme(<Harness onChange={onChange} />);
    expect(screen.getByTestId('date-range-button')).toHaveTextContent('20 Oct-18 Nov 26');

    const user = await openPicker();
    expect(screen.getByRole('button', { name: 'Last 30 Days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Last Week' }));
    expect(screen.getByTestId('range-status')).toHaveTextContent('9-15 Nov 26');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(show(onChange.mock.calls[0][0])).toBe('2026-11-09 00:00:00 -> 2026-11-15 23:59:59');
    await waitFor(() => expect(screen.getByTestId('date-range-button')).toHaveTextContent('9-15 Nov 26'));
  });

  it("enters 'Selecting end date...' after a start and completes on the end; Apply waits for both", async () => {
    const onChange = jest.fn();
    renderWithTheme(<Harness onChange={onChange} />);
    const user = await openPicker();
    const days = (n: number) => {
      const day = document.querySelector(`[data-day="2026-11-${String(n).padStart(2, '0')}"] button`);
      if (!(day instanceof HTMLElement)) throw new Error(`no day ${n}`);
      return day;
    };

    await user.click(days(3));
    expect(screen.getByTestId('range-status')).toHaveTextContent('Selecting end date...');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.click(days(12));
    expect(screen.getByTestId('range-status')).toHaveTextContent('3-12 Nov 26');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(show(onChange.mock.calls[0][0])).toBe('2026-11-03 00:00:00 -> 2026-11-12 23:59:59');
  });

  it('Cancel closes without committing', async () => {
    const onChange = jest.fn();
    renderWithTheme(<Harness onChange={onChange} />);
    const user = await openPicker();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Today' })).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('date-range-button')).toHaveTextContent('20 Oct-18 Nov 26');
  });

  it("answers a typed non-date with code 1 'Date input not valid.' and an end before the start with 'Invalid range'", async () => {
    const onInputError = jest.fn();
    renderWithTheme(<Harness onChange={jest.fn()} onInputError={onInputError} />);
    const user = await openPicker();

    const start = screen.getByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '45/13/2026{Enter}');
    expect(onInputError).toHaveBeenCalledWith({ code: 1, message: 'Date input not valid.' });
    expect(screen.getByText('Date input not valid.')).toBeVisible();

    await user.clear(start);
    await user.type(start, '25/11/2026{Enter}');
    expect(screen.getByTestId('range-status')).toHaveTextContent('Invalid range');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
