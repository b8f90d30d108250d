import { MockedProvider } from '@apollo/client/testing/react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminAgenciesDocument } from '../../../gql/graphql';
import { renderWithTheme } from '../../../test/render';
import { TEXTS } from '../texts';
import { AgencyModal } from './AgencyModal';

// The association search answers names only, at most 10, for what was typed.
const existing = Array.from({ length: 12 }, (_, i) => ({
  __typename: 'Agency' as const,
  id: 100 + i,
  agency_name: `Harbour Media ${i + 1}`,
  domain: null,
  admin_email: null,
  country_code: null,
}));

const search = (q: string, agencies: typeof existing) => ({
  request: { query: AdminAgenciesDocument, variables: { associated: false, q } },
  result: { data: { agencies } },
});

const mocks = [
  search('Ha', existing.slice(0, 10)),
  search('Hazz', []),
  search(
    'media 12',
    existing.filter((a) => a.agency_name.endsWith(' 12')),
  ),
];

function renderModal(props: { showCountry?: boolean; searchExisting?: boolean } = {}) {
  return renderWithTheme(
    <MockedProvider mocks={mocks}>
      <AgencyModal
        open
        agency={null}
        showCountry={props.showCountry ?? false}
        searchExisting={props.searchExisting ?? true}
        countries={[{ country_code: 'NZ', country_name: 'New Zealand' }]}
        onClose={() => {}}
      />
    </MockedProvider>,
  );
}

describe('agency modal: association mode (spec 4, 5)', () => {
  test('searches from 2 characters, offers at most 10, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderModal();
    const name = await screen.findByLabelText(/Agency Name/);
    await user.type(name, 'H');
    expect(screen.queryByTestId('existing-suggestions')).toBeNull();
    await user.type(name, 'a');
    // The list comes from the server once typing pauses (a query per pause, not the full list).
    const list = await screen.findByRole('listbox', {}, { timeout: 2000 });
    expect(within(list).getAllByRole('option')).toHaveLength(10);
    await user.type(name, 'zz');
    expect(await screen.findByText(TEXTS.noAgenciesFound, {}, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.queryByRole('option')).toBeNull();
  });

  test('picking one makes the fields read-only under "Associate Existing Agency"; Clear goes back', async () => {
    const user = userEvent.setup();
    renderModal();
    const name = await screen.findByLabelText(/Agency Name/);
    await user.type(name, 'media 12');
    await user.click(await screen.findByRole('option', { name: 'Harbour Media 12' }, { timeout: 2000 }));
    expect(screen.getByText('Associate Existing Agency')).toBeInTheDocument();
    expect(screen.getByLabelText(/Agency Name/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Agency Name/)).toHaveValue('Harbour Media 12');
    expect(screen.getByLabelText('Domain')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Domain')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Associate' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Add New Agency')).toBeInTheDocument();
    expect(screen.getByLabelText(/Agency Name/)).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Agency Name/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  test('creating keeps the 4-character minimum; the Country field is for ROLE_ADMIN only', async () => {
    const user = userEvent.setup();
    const { unmount } = renderModal({ searchExisting: false });
    expect(screen.queryByLabelText('Country')).toBeNull();
    await user.type(await screen.findByLabelText(/Agency Name/), 'Abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agency name must be at least 4 characters')).toBeInTheDocument();
    unmount();
    renderModal({ showCountry: true, searchExisting: false });
    expect(await screen.findByLabelText('Country')).toBeInTheDocument();
  });
});
