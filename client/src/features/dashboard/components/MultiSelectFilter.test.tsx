import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '../../../test/render';
import { ALL, type FilterId } from '../state/filter-selection';
import { TEXTS } from '../texts';
import { MultiSelectFilter } from './MultiSelectFilter';

// jsdom has no PointerEvent; the checkbox machine creates one on blur.
(window as unknown as { PointerEvent: typeof MouseEvent }).PointerEvent ??= MouseEvent;

const regions = [
  { id: 'AUK', display_name: 'Auckland' },
  { id: 'WGN', display_name: 'Wellington' },
  { id: 'CAN', display_name: 'Canterbury' },
];

function Harness({ onApply, hint }: { onApply(ids: FilterId[]): void; hint?: string }) {
  const [selected, setSelected] = useState<FilterId[]>([ALL]);
  return (
    <MultiSelectFilter
      title="Region"
      options={regions}
      selected={selected}
      hint={hint}
      onApply={(ids) => {
        setSelected(ids);
        onApply(ids);
      }}
    />
  );
}

describe('a multi-select filter of the bar', () => {
  it('commits the choice with Apply, which closes it, and shows the badge and tooltip text', async () => {
    const user = userEvent.setup();
    const applied: FilterId[][] = [];
    renderWithTheme(<Harness onApply={(ids) => applied.push(ids)} />);
    const button = screen.getByRole('button', { name: 'Region: All Regions' });
    await user.click(button);
    await user.click(await screen.findByText('Wellington'));
    await user.click(screen.getByText('Canterbury'));
    // Nothing is committed before Apply.
    expect(applied).toEqual([]);
    await user.click(screen.getByRole('button', { name: TEXTS.apply }));
    expect(applied).toEqual([['WGN', 'CAN']]);
    await waitFor(() => expect(screen.queryByText(TEXTS.apply)).toBeNull());
    const filtered = screen.getByRole('button', { name: 'Region: Wellington, Canterbury' });
    expect(filtered).toHaveTextContent('2');

    // All while filtered resets to All alone; a third region makes '<n> Regions selected'.
    await user.click(filtered);
    await user.click(await screen.findByText('Auckland'));
    await user.click(screen.getByRole('button', { name: TEXTS.apply }));
    await waitFor(() => screen.getByRole('button', { name: 'Region: 3 Regions selected' }));
    await user.click(screen.getByRole('button', { name: 'Region: 3 Regions selected' }));
    await user.click(await screen.findByText('All Regions'));
    await user.click(screen.getByRole('button', { name: TEXTS.apply }));
    await waitFor(() => screen.getByRole('button', { name: 'Region: All Regions' }));
  });

  it('carries the spec 2 hint of Campaign and Booking in its tooltip text', () => {
    renderWithTheme(<Harness onApply={() => undefined} hint={TEXTS.bookingHint} />);
    expect(
      screen.getByRole('button', { name: 'Region: All Regions. Select bookings (auto-selects campaigns)' }),
    ).toBeInTheDocument();
  });
});
