import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ManagedBookingsDocument,
  ManagedCampaignsDocument,
  ManagedCreativesDocument,
  SaveImpressionTagsDocument,
} from '../../../gql/graphql';
import { renderWithApi } from '../test/harness';
import { ImpressionTagModal } from './ImpressionTagModal';

const customer_id = 7;
const campaign = (id: number, name: string) => ({
  __typename: 'Campaign' as const,
  id,
  customer_id,
  campaign_name: name,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  status: 'Active',
});
const booking = (id: number, campaignId: number, name: string, type: number, creativeIds: number[]) => ({
  __typename: 'Booking' as const,
  id,
  customer_id,
  booking_name: name,
  campaign_id: campaignId,
  campaign_name: null,
  channel_id: 1,
  channel_name: 'AOTV 1',
  booking_type: type,
  cpm: 20,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  publisher_id: null,
  job_number: null,
  charged_cpm: null,
  editable: true,
  creative_ids: creativeIds,
  status: 'Active',
});
const creative = (id: number, description: string, type: number) => ({
  __typename: 'Creative' as const,
  id,
  customer_id,
  description,
  creative_type: type,
  creative_type_label: type === 1 ? 'Video' : 'Image',
  creative_format: type === 1 ? '30s' : '300x250',
  url: null,
});

const saved: unknown[] = [];
const mocks = [
  {
    request: { query: ManagedCampaignsDocument, variables: { customer_id } },
    result: { data: { campaigns: [campaign(1, 'Always On'), campaign(2, 'Summer Sale')] } },
  },
  {
    request: { query: ManagedBookingsDocument, variables: { customer_id } },
    result: {
      data: {
        bookings: [
          booking(10, 1, 'AOTV video', 1, [100]),
          booking(11, 1, 'AOTV banner', 2, []),
          booking(12, 2, 'Sale video', 1, []),
        ],
      },
    },
  },
  {
    request: { query: ManagedCreativesDocument, variables: { customer_id } },
    result: {
      data: {
        creatives: [creative(100, 'Hero', 1), creative(101, 'Cutdown', 1), creative(102, 'Banner', 2)],
      },
    },
  },
  {
    request: {
      query: SaveImpressionTagsDocument,
      variables: (v: Record<string, unknown>) => {
        saved.push(v);
        return true;
      },
    },
    result: { data: { saveImpressionTags: [] } },
  },
];

async function ready() {
  renderWithApi(<ImpressionTagModal customerId={customer_id} onClose={() => {}} />, mocks);
  await screen.findByRole('option', { name: 'Always On' }, { timeout: 8000 });
}

describe('Add Tags: the campaign, booking and creatives cascade (spec 4)', () => {
  it('offers the campaign’s bookings, prefills the booking’s creatives and offers only creatives of its type', async () => {
    const user = userEvent.setup();
    await ready();
    const bookingSelect = screen.getByLabelText(/^Booking/);
    expect(bookingSelect).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/^Campaign/), 'Always On');
    const offered = within(bookingSelect)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toEqual(['Select Booking', 'AOTV video (AOTV 1)', 'AOTV banner (AOTV 1)']);

    await user.selectOptions(bookingSelect, 'AOTV video (AOTV 1)');
    expect(screen.getByRole('checkbox', { name: /Hero/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Cutdown/ })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Banner/ })).toBeNull();

    await user.selectOptions(bookingSelect, 'AOTV banner (AOTV 1)');
    expect(screen.getByRole('checkbox', { name: /Banner/ })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Hero/ })).toBeNull();
  });

  it('asks before a campaign change resets a chosen booking and creatives; Cancel keeps them', async () => {
    const user = userEvent.setup();
    await ready();
    const campaignSelect = screen.getByLabelText(/^Campaign/) as HTMLSelectElement;
    await user.selectOptions(campaignSelect, 'Always On');
    await user.selectOptions(screen.getByLabelText(/^Booking/), 'AOTV video (AOTV 1)');

    await user.selectOptions(campaignSelect, 'Summer Sale');
    expect(await screen.findByText('Changing campaigns will reset your selections. Continue?')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText(/Changing campaigns/)).toBeNull());
    expect(campaignSelect.value).toBe('1');
    expect((screen.getByLabelText(/^Booking/) as HTMLSelectElement).value).toBe('10');
    expect(screen.getByRole('checkbox', { name: /Hero/ })).toBeChecked();

    await user.selectOptions(campaignSelect, 'Summer Sale');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(campaignSelect.value).toBe('2');
    expect((screen.getByLabelText(/^Booking/) as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('checkbox', { name: /Hero/ })).toBeNull();
  });

  it('changes the campaign without asking while no creatives are chosen', async () => {
    const user = userEvent.setup();
    await ready();
    await user.selectOptions(screen.getByLabelText(/^Campaign/), 'Always On');
    await user.selectOptions(screen.getByLabelText(/^Booking/), 'AOTV banner (AOTV 1)');
    await user.selectOptions(screen.getByLabelText(/^Campaign/), 'Summer Sale');
    expect(screen.queryByText(/Changing campaigns/)).toBeNull();
    expect((screen.getByLabelText(/^Booking/) as HTMLSelectElement).value).toBe('');
  });

  it('requires campaign and booking, then saves the booking with the chosen creatives', async () => {
    const user = userEvent.setup();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Campaign is required')).toBeVisible();
    expect(screen.getByText('Booking is required')).toBeVisible();

    await user.selectOptions(screen.getByLabelText(/^Campaign/), 'Always On');
    await user.selectOptions(screen.getByLabelText(/^Booking/), 'AOTV video (AOTV 1)');
    await user.click(screen.getByRole('checkbox', { name: /Cutdown/ }));
    saved.length = 0;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ booking_id: 10, campaign_id: 1, creative_ids: [100, 101] }]));
  });
});
