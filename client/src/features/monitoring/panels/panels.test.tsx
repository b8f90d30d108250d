import { MockedProvider } from '@apollo/client/testing/react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DailyActivityDocument, QueueMonitorDocument } from '../../../gql/graphql';
import { renderWithTheme } from '../../../test/render';
import { TEXTS } from '../texts';
import { QueueCard } from './QueueCard';
import { TodayActivityCard } from './TodayActivityCard';

const daily = (impressions: number, webhits: number) => ({
  request: { query: DailyActivityDocument },
  result: {
    data: {
      dailyActivity: {
        __typename: 'DailyActivity',
        total_impressions: impressions,
        total_webhits: webhits,
        customer_data: [],
        booking_data: [],
        site_data: [],
      },
    },
  },
});

const queue = (messages: number) => ({
  request: { query: QueueMonitorDocument },
  result: {
    data: {
      redisQueueStats: [
        {
          __typename: 'QueueStat',
          name: 'hits / etl',
          messages,
          pending: 0,
          consumers: 1,
          memory_usage: 2048,
          message_rate: 12.5,
        },
      ],
      redisQueueSummary: {
        __typename: 'QueueSummary',
        total_messages: messages,
        total_consumers: 1,
        largest_queue: messages,
      },
    },
  },
});

describe("Today's Activity", () => {
  test('a failed call shows the spec text', async () => {
    renderWithTheme(
      <MockedProvider mocks={[{ request: { query: DailyActivityDocument }, error: new Error('503') }]}>
        <TodayActivityCard />
      </MockedProvider>,
    );
    expect(await screen.findByText(TEXTS.activityError)).toBeInTheDocument();
    expect(screen.getByTestId('today-activity')).toHaveAttribute('data-loading-state', 'error');
  });

  test('a day without hits shows the empty text', async () => {
    renderWithTheme(
      <MockedProvider mocks={[daily(0, 0)]}>
        <TodayActivityCard />
      </MockedProvider>,
    );
    expect(await screen.findByText(TEXTS.activityEmpty)).toBeInTheDocument();
  });
});

describe('Queue Health', () => {
  test.each([
    [150, 'Healthy'],
    [450, 'Moderate Load'],
    [1500, 'High Load'],
  ])('%i messages in the largest queue: %s', async (messages, label) => {
    renderWithTheme(
      <MockedProvider mocks={[queue(messages)]}>
        <QueueCard />
      </MockedProvider>,
    );
    expect(await screen.findByTestId('queue-badge')).toHaveTextContent(label);
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('2.0 KB'));
    expect(row && within(row).getByText('12.5/s')).toBeTruthy();
  });

  test('Pause stops the polling and says so', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <MockedProvider mocks={[queue(10)]}>
        <QueueCard />
      </MockedProvider>,
    );
    const pause = await screen.findByTestId('queue-pause');
    expect(pause).toHaveAttribute('aria-pressed', 'false');
    await user.click(pause);
    expect(screen.getByTestId('queue-pause')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/paused/)).toBeInTheDocument();
  });

  test('a failed call shows the spec text', async () => {
    renderWithTheme(
      <MockedProvider mocks={[{ request: { query: QueueMonitorDocument }, error: new Error('503') }]}>
        <QueueCard />
      </MockedProvider>,
    );
    expect(await screen.findByText(TEXTS.queueError)).toBeInTheDocument();
  });
});
