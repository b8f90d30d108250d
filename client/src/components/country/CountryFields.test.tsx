import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { renderWithTheme } from '../../test/render';
import { CountryFields } from './CountryFields';

const countries = [
  { country_code: 'AU', country_name: 'Australia' },
  { country_code: 'FJ', country_name: 'Fiji' },
  { country_code: 'NZ', country_name: 'New Zealand' },
];

let latest: { country_code: string; country_list: string[] } | undefined;

function Harness() {
  const form = useForm({ defaultValues: { country_code: '', country_list: [] as string[] } });
  latest = form.watch();
  return <CountryFields control={form.control} countries={countries} required />;
}

const chips = () =>
  within(screen.getByTestId('operational-countries'))
    .queryAllByText(/\(/)
    .map((c) => c.textContent);

describe('country form (spec 3, 4)', () => {
  test('the primary joins the operational list and cannot leave it; others come and go', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    expect(screen.getByText('No operational countries')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/Primary Country/), 'NZ');
    expect(chips()).toEqual(['New Zealand (NZ) · primary']);
    expect(screen.queryByRole('button', { name: /Remove New Zealand/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Add operational country'), 'FJ');
    await user.selectOptions(screen.getByLabelText('Add operational country'), 'AU');
    expect(chips()).toEqual(['New Zealand (NZ) · primary', 'Australia (AU)', 'Fiji (FJ)']);
    expect(latest).toEqual({ country_code: 'NZ', country_list: ['NZ', 'AU', 'FJ'] });
    // What is already listed is not offered again.
    expect(
      within(screen.getByLabelText('Add operational country'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Add operational country…']);

    await user.click(screen.getByRole('button', { name: 'Remove Fiji (FJ)' }));
    expect(latest?.country_list).toEqual(['NZ', 'AU']);

    // A new primary: the old one stays operational.
    await user.selectOptions(screen.getByLabelText(/Primary Country/), 'AU');
    expect(latest).toEqual({ country_code: 'AU', country_list: ['AU', 'NZ'] });
    expect(screen.getByRole('button', { name: 'Remove New Zealand (NZ)' })).toBeInTheDocument();
  });
});
