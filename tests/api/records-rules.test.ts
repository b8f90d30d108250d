import fc from 'fast-check';
import { dateStatus, siteTagStatus, todayIn } from '../../gateway/src/shared/status';
import { checkBooking, checkCampaign, checkCreative, checkImpressionTags, checkSiteTag } from '@infinitum/rules';

/** The pure pieces both the server and the client run: derived statuses (spec 4) and form rules (spec 5). */
describe('statuses', () => {
  test("today is the customer's own date", () => {
    const instant = new Date('2026-11-21T23:50:00Z');
    expect(todayIn('Pacific/Auckland', instant)).toBe('2026-11-22');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-21');
    expect(todayIn('Not/AZone', instant)).toBe('2026-11-21');
  });

  test('a booking is Active on its first and last day, Upcoming before, Completed after', () => {
    expect(dateStatus('2026-11-10', '2026-11-20', '2026-11-09')).toBe('Upcoming');
    expect(dateStatus('2026-11-10', '2026-11-20', '2026-11-10')).toBe('Active');
    expect(dateStatus('2026-11-10', '2026-11-20', '2026-11-20')).toBe('Active');
    expect(dateStatus('2026-11-10', '2026-11-20', '2026-11-21')).toBe('Completed');
  });

  test('site tag status thresholds: above 50 with a ping date, 1 to 50, otherwise not detected', () => {
    const seen = new Date();
    expect(siteTagStatus(seen, 51)).toBe('Active');
    expect(siteTagStatus(seen, 50)).toBe('Low traffic');
    expect(siteTagStatus(seen, 1)).toBe('Low traffic');
    expect(siteTagStatus(null, 0)).toBe('Not detected');
    expect(siteTagStatus(null, 80)).toBe('Not detected');
  });

  test('every day falls in exactly one status, in date order', () => {
    const day = fc
      .integer({ min: 0, max: 3000 })
      .map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, day, (a, b, today) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const s = dateStatus(start, end, today);
        expect(s).toBe(today < start ? 'Upcoming' : today > end ? 'Completed' : 'Active');
      }),
    );
  });
});

describe('form rules', () => {
  const booking = {
    booking_name: 'Prime time',
    cpm: 10,
    channel_id: 1,
    campaign_id: 2,
    booking_type: 1,
    start_date: '2026-01-01',
    end_date: '2026-01-31',
  };

  test('a valid booking has no errors; names need more than 3 characters after trimming', () => {
    expect(checkBooking(booking)).toEqual({});
    expect(checkBooking({ ...booking, booking_name: '  abcd ' })).toEqual({});
    expect(checkBooking({ ...booking, booking_name: '  abc  ' }).booking_name).toBe(
      'Booking name must be more than 3 characters',
    );
    expect(checkBooking({ ...booking, cpm: 0 })).toEqual({});
    expect(checkBooking({ ...booking, cpm: 'ten' }).cpm).toBe('CPM must be a number 0 or more');
    expect(checkBooking({ ...booking, channel_id: 0 }).channel_id).toBe('Channel is required');
    expect(checkBooking({ ...booking, end_date: '2025-12-31' }).end_date).toBe('End date cannot be before start date');
    expect(checkBooking({ ...booking, end_date: booking.start_date })).toEqual({});
  });

  test('adtech bookings need job number and charged CPM only when their adtech requires them', () => {
    expect(checkBooking(booking, { requires_job_number: false, requires_charged_cpm: false })).toEqual({});
    expect(checkBooking(booking, { requires_job_number: true, requires_charged_cpm: true })).toEqual({
      job_number: 'Job number is required',
      charged_cpm: 'Charged CPM is required',
    });
    expect(
      checkBooking(
        { ...booking, job_number: 'J1', charged_cpm: 0 },
        { requires_job_number: true, requires_charged_cpm: true },
      ),
    ).toEqual({});
  });

  test('campaign, creative, impression tag and site tag rules', () => {
    expect(checkCampaign({ campaign_name: 'Spring', start_date: '2026-01-01', end_date: '2026-01-01' })).toEqual({});
    expect(checkCampaign({ campaign_name: 'x'.repeat(101), start_date: '2026-01-02', end_date: '2026-01-01' })).toEqual(
      {
        campaign_name: 'Campaign name must be at most 100 characters',
        end_date: 'End date cannot be before start date',
      },
    );
    expect(checkCreative({ description: 'Hero', creative_format: '30s', creative_type: 2 })).toEqual({});
    expect(checkCreative({ description: '', creative_format: '', creative_type: 4 })).toEqual({
      description: 'Description is required',
      creative_format: 'Format is required',
      creative_type: 'Creative type must be 1 (video), 2 (image) or 3 (audio)',
    });
    // The list is required (an empty one removes every tag on purpose; a missing one must not).
    expect(checkImpressionTags({})).toEqual({
      campaign_id: 'Campaign is required',
      booking_id: 'Booking is required',
      creative_ids: 'Creatives must be a list of creative ids',
    });
    expect(checkImpressionTags({ campaign_id: 1, booking_id: 2, creative_ids: [] })).toEqual({});
    expect(checkImpressionTags({ campaign_id: 1, booking_id: 2, creative_ids: [3, 4] })).toEqual({});
    expect(checkSiteTag({ tag_description: ' \t ' })).toEqual({ tag_description: 'Tag description is required' });
  });
});
