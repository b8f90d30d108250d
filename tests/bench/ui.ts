/**
 * npm run bench:ui — what the dashboard screen adds to its 11 calls (item 7). Prints JSON lines.
 *
 * A scratch gateway with the demo world and its e2e traffic (tests/e2e/dashboard-traffic.ts), Chromium
 * signed in as the demo customer user on /dashboard. Each of RUNS refreshes picks a different weekday
 * set in the Weekday filter and clicks Apply; the time runs, inside the page, from the click until every
 * panel has settled (no `data-loading-state="loading"`, no call pending, the content rendered for the
 * new address). In the same run the same 11 calls, and the 13 with reach and lift that the screen waits for, are timed
 * alone from Node (in parallel, as the screen sends them). Target: the screen adds at most 300 ms at p95.
 */
import { format, subDays } from 'date-fns';
import { DEMO_PASSWORD } from '../../gateway/src/seed/demo-data';
import { seedDashboardTraffic } from '../e2e/dashboard-traffic';
import { signIn } from '../e2e/flows';
import { ensureClientBuilt, openBrowser } from '../support/browser';
import { call, gql } from '../support/http';
import { startPipelineGateway } from '../support/pipeline';
import { latencyStats, printer } from './report';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const print = printer('ui');

/** The 11 calls of a refresh, as one GraphQL request each, in parallel (what the screen sends). */
const FIELDS: Record<string, string> = {
  impression_summary: 'summary_data { Ad_Spend }',
  responses_over_time: 'table_data { Date } summary_data { correlation }',
  visit_response_timing: 'summary_data { Hour_1 }',
  impressions_before_visit: 'table_data { Views } summary_data { Views_for_80_Percent }',
  impression_heatmap: 'table_data { impressions { time } }',
  responses_by_region: 'table_data { Region } summary_data { zoom }',
  responses_by_site: 'table_data { Site }',
  creative_performance_summary: 'table_data { Creative }',
  creative_performance_cost: 'table_data { Creative }',
  platform_creative_performance: 'table_data { Creative }',
  analysis: 'summary_data { summary }',
};
/** The screen also waits for reach and lift (its 12th and 13th panels), so its overhead is measured against all 13. */
const REACH_LIFT: Record<string, string> = {
  reach_frequency: 'summary_data { Reach }',
  incremental_lift: 'summary_data { Lift }',
};

async function main() {
  ensureClientBuilt();
  const t = await startPipelineGateway();
  const b = await openBrowser(t.url, { width: 1400, height: 900 });
  try {
    const { customerId } = await seedDashboardTraffic(t);
    const login = await call(t.url, 'POST', '/api/login', {
      body: { email: 'customer.user@demo.infinitum', password: DEMO_PASSWORD },
    });
    const token = login.body.access_token as string;
    const { page } = b;
    await signIn(page, 'customer.user@demo.infinitum', DEMO_PASSWORD);
    await page.goto('/dashboard');
    await page.getByTestId('filter-bar').waitFor();

    const screen: number[] = [];
    const api: number[] = [];
    const api13: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A weekday set not used before in this run, so neither the screen nor the gateway can reuse it.
      const days = WEEKDAYS.filter((_, i) => ((run + 1) >> i) & 1 || i === run % 7);
      await page.getByTestId('filter-Weekday').click();
      const menu = page.getByTestId('filter-menu-Weekday');
      await menu.getByText('All Weekdays', { exact: true }).waitFor();
      // Reset the draft to All, then choose the run's days.
      const allBox = menu.getByRole('checkbox', { name: 'All Weekdays' });
      if (!(await allBox.isChecked())) await menu.getByText('All Weekdays', { exact: true }).click();
      for (const d of days) await menu.getByText(d, { exact: true }).click();
      const ms = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const start = performance.now();
            const done = () => {
              const c = document.querySelector('[data-testid="dashboard-content"]');
              return (
                !!c &&
                c.getAttribute('data-query') === location.search &&
                c.getAttribute('data-busy') === 'false' &&
                !c.querySelector('[data-loading-state="loading"]') &&
                !c.querySelector('[data-testid="dashboard-loading"]')
              );
            };
            const observer = new MutationObserver(() => {
              if (done()) {
                observer.disconnect();
                // The frame that shows the settled panels.
                requestAnimationFrame(() => resolve(performance.now() - start));
              }
            });
            observer.observe(document.body, { subtree: true, attributes: true, childList: true });
            const apply = Array.from(document.querySelectorAll('[data-testid="filter-menu-Weekday"] button')).find(
              (el) => el.textContent === 'Apply',
            ) as HTMLButtonElement;
            apply.click();
          }),
      );
      screen.push(ms);

      const filter = {
        client_id: customerId,
        startdate: format(subDays(new Date(), 29), 'yyyy-MM-dd'),
        enddate: format(new Date(), 'yyyy-MM-dd'),
        region: [0],
        campaign: [0],
        booking: [0],
        creative: [0],
        channel: [0],
        // Another set again, so the API timing is cold too.
        weekday: [((run + 3) % 7) + 1, ((run + 5) % 7) + 1],
        time_slots: [(run % 8) + 1],
        sites: [0],
      };
      const send = (fields: Record<string, string>, f: typeof filter) =>
        Promise.all(
          Object.entries(fields).map(([name, selection]) =>
            gql(
              t.url,
              `query ($filter: DashboardFilterInput!) { ${name}(filter: $filter) { ${selection} } }`,
              { filter: f },
              token,
            ),
          ),
        );
      let started = performance.now();
      await send(FIELDS, filter);
      api.push(performance.now() - started);
      // A third weekday set for the 13-call timing, cold as well.
      const filter13 = { ...filter, weekday: [((run + 2) % 7) + 1, ((run + 6) % 7) + 1] };
      started = performance.now();
      await send({ ...FIELDS, ...REACH_LIFT }, filter13);
      api13.push(performance.now() - started);
    }
    const s = latencyStats(screen);
    const a = latencyStats(api);
    print({ measure: 'apply_to_settled', ...s });
    const a13 = latencyStats(api13);
    print({ measure: 'api_11_calls', ...a });
    print({ measure: 'api_13_calls', ...a13 });
    // What the screen adds over the calls it waits for (all 13), and, as first reported, over the 11 alone.
    print({
      measure: 'screen_overhead',
      p50_ms: s.p50_ms - a13.p50_ms,
      p95_ms: s.p95_ms - a13.p95_ms,
      target_p95_ms: 300,
    });
    print({ measure: 'screen_over_11_calls', p50_ms: s.p50_ms - a.p50_ms, p95_ms: s.p95_ms - a.p95_ms });
  } finally {
    await b.close();
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
