import { MockedProvider } from '@apollo/client/testing/react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SysOrganisationsQuery } from '../../../gql/graphql';
import { renderWithTheme } from '../../../test/render';
import { RelationshipModal } from './RelationshipModal';

const orgs = {
  broadcasters: [
    { id: 1, broadcaster_name: 'Moana TV', country_code: 'NZ', country_list: ['NZ'] },
    { id: 2, broadcaster_name: 'Thames Vision', country_code: 'GB', country_list: ['GB'] },
  ],
  adtechs: [],
  agencies: [{ id: 7, agency_name: 'Harbour Media', country_code: 'NZ' }],
  customers: [
    { id: 1, cust_name: 'Kumara Kitchens', country_code: 'NZ', country_list: ['NZ'] },
    { id: 3, cust_name: 'Fish and Chips Ltd', country_code: 'GB', country_list: ['GB'] },
  ],
} as unknown as SysOrganisationsQuery;

const countries = [
  { country_code: 'GB', country_name: 'United Kingdom' },
  { country_code: 'NZ', country_name: 'New Zealand' },
];

const options = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('relationship modal', () => {
  test('country first; lists follow the country; targets follow the source; the country clears choices', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <MockedProvider mocks={[]}>
        <RelationshipModal open orgs={orgs} countries={countries} onClose={() => {}} />
      </MockedProvider>,
    );
    expect(await screen.findByLabelText(/Source Client/)).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create Relationship' }));
    expect(await screen.findByText('Country selection is required')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/^Country/), 'NZ');
    expect(options('Source Client *')).toEqual(['Select client', 'Kumara Kitchens']);
    expect(options('Target Type')).toEqual(['Broadcaster', 'Agency', 'AdTech']);
    expect(options('Target Broadcaster *')).toEqual(['Select broadcaster', 'Moana TV']);

    await user.selectOptions(screen.getByLabelText(/Source Client/), '1');
    await user.selectOptions(screen.getByLabelText('Source Type'), 'broadcaster');
    expect(options('Target Type')).toEqual(['Client', 'Agency']);
    expect(screen.getByLabelText(/Target Client/)).toHaveValue('');
    expect(screen.getByLabelText(/Source Broadcaster/)).toHaveValue('');

    await user.selectOptions(screen.getByLabelText(/Source Broadcaster/), '1');
    await user.selectOptions(screen.getByLabelText(/^Country/), 'GB');
    expect(screen.getByLabelText(/Source Broadcaster/)).toHaveValue('');
    expect(options('Source Broadcaster *')).toEqual(['Select broadcaster', 'Thames Vision']);
  });
});
