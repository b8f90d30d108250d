import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookingOptionsDocument, ManagedCampaignsDocument } from '../../../gql/graphql';
import { renderWithApi, signInAs } from '../test/harness';
import { BookingModal } from './BookingModal';
import { CampaignModal } from './CampaignModal';
import { CreativeModal } from './CreativeModal';
import { SiteTagModal } from './SiteTagModal';

const customer_id = 3;
const channel = (id: number, name: string, owner_type: string, owner_id: number, owner_name: string) => ({
  __typename: 'BookingChannelOption' as const,
  id,
  channel_name: name,
  owner_type,
  owner_id,
  owner_name,
});
const options = (over: Record<string, unknown> = {}) => ({
  request: { query: BookingOptionsDocument, variables: { customer_id } },
  result: {
    data: {
      bookingOptions: {
        __typename: 'BookingOptions' as const,
        channels: [
          channel(1, 'AOTV 1', 'broadcaster', 9, 'Aotearoa Television'),
          channel(2, 'KP Video', 'adtech', 4, 'Kiwi Programmatic'),
        ],
        publishers: [{ __typename: 'PublisherOption' as const, id: 4, adtech_name: 'Kiwi Programmatic' }],
        requires_job_number: false,
        requires_charged_cpm: false,
        ...over,
      },
    },
  },
});
const campaigns = {
  request: { query: ManagedCampaignsDocument, variables: { customer_id } },
  result: { data: { campaigns: [] } },
};

beforeEach(() => localStorage.clear());

describe('campaign modal (spec 5, 9)', () => {
  it('shows a name error only after the field is touched, and counts down from 100 in a warning colour above 90', async () => {
    const user = userEvent.setup();
    renderWithApi(<CampaignModal customerId={customer_id} onClose={() => {}} />, []);
    const name = await screen.findByLabelText(/^Campaign Name/);
    await user.type(name, 'Abc');
    expect(screen.queryByText('Campaign name must be more than 3 characters')).toBeNull();
    expect(screen.getByTestId('campaign_name-counter')).toHaveTextContent('97');
    await user.tab();
    expect(await screen.findByText('Campaign name must be more than 3 characters')).toBeVisible();
    await user.type(name, 'd');
    await waitFor(() => expect(screen.queryByText('Campaign name must be more than 3 characters')).toBeNull());

    const counter = screen.getByTestId('campaign_name-counter');
    const calm = getComputedStyle(counter).color;
    await user.clear(name);
    await user.type(name, 'x'.repeat(91));
    expect(counter).toHaveTextContent('9');
    expect(getComputedStyle(counter).color).not.toBe(calm);
  });
});

describe('creative modal (spec 5)', () => {
  it('requires description and format and accepts only http(s) links', async () => {
    const user = userEvent.setup();
    renderWithApi(<CreativeModal customerId={customer_id} onClose={() => {}} />, []);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description is required')).toBeVisible();
    expect(screen.getByText('Format is required')).toBeVisible();
    await user.type(screen.getByLabelText(/^URL/), 'javascript:alert(1)');
    await user.tab();
    expect(await screen.findByText('Please enter a valid URL (http:// or https://)')).toBeVisible();
    expect(screen.getByTestId('description-counter')).toHaveTextContent('200');
    expect(screen.getByTestId('creative_format-counter')).toHaveTextContent('50');
  });
});

describe('site tag modal (spec 5)', () => {
  it('refuses a name that is only spaces', async () => {
    const user = userEvent.setup();
    renderWithApi(<SiteTagModal customerId={customer_id} onClose={() => {}} />, []);
    await user.type(await screen.findByLabelText(/^Tag Description/), '   ');
    await user.tab();
    expect(await screen.findByText('Tag description is required')).toBeVisible();
    expect(screen.getByLabelText(/^Tag Type/)).toHaveValue('secondary');
  });
});

describe('booking modal by role (spec 5, 6)', () => {
  it('a customer user chooses a publisher and the channels follow it', async () => {
    signInAs('CUSTOMER');
    const user = userEvent.setup();
    renderWithApi(<BookingModal customerId={customer_id} onClose={() => {}} />, [options(), campaigns]);
    const publisher = await screen.findByLabelText(/^Publisher/, {}, { timeout: 8000 });
    await screen.findByRole('option', { name: 'Kiwi Programmatic' });
    expect(screen.getByLabelText(/^Channel/)).toBeDisabled();
    publisher.focus();
    await user.tab();
    expect(await screen.findByText('Publisher is required')).toBeVisible();
    await user.selectOptions(publisher, 'Direct to broadcaster');
    const channelNames = () =>
      Array.from((screen.getByLabelText(/^Channel/) as HTMLSelectElement).options)
        .filter((o) => o.value)
        .map((o) => o.text);
    expect(channelNames()).toEqual(['AOTV 1 (Aotearoa Television)']);
    await user.selectOptions(publisher, 'Kiwi Programmatic');
    expect(channelNames()).toEqual(['KP Video (Kiwi Programmatic)']);
    expect(screen.queryByLabelText(/^Job Number/)).toBeNull();
  });

  it('a broadcaster user gets no publisher choice', async () => {
    signInAs('BROADCASTER');
    renderWithApi(<BookingModal customerId={customer_id} onClose={() => {}} />, [
      options({ channels: [channel(1, 'AOTV 1', 'broadcaster', 9, 'Aotearoa Television')], publishers: [] }),
      campaigns,
    ]);
    await screen.findByRole('option', { name: 'AOTV 1 (Aotearoa Television)' }, { timeout: 8000 });
    expect(screen.queryByLabelText(/^Publisher/)).toBeNull();
  });

  it('an adtech user books as its adtech and must give a job number when the adtech requires one', async () => {
    signInAs('ADTECH');
    const user = userEvent.setup();
    renderWithApi(<BookingModal customerId={customer_id} onClose={() => {}} />, [
      options({ requires_job_number: true }),
      campaigns,
    ]);
    await waitFor(() => expect(screen.getByTestId('forced-publisher')).toHaveValue('Kiwi Programmatic'), {
      timeout: 8000,
    });
    await user.click(screen.getByLabelText(/^Job Number/));
    await user.tab();
    expect(await screen.findByText('Job number is required')).toBeVisible();
    await user.type(screen.getByLabelText(/^Charged CPM/), '-2');
    await user.tab();
    expect(await screen.findByText('Charged CPM must be a number 0 or more')).toBeVisible();
  });
});
