import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gql, InMemoryCache } from '@apollo/client';
import { DashboardFilterOptionsDocument } from '../gql/graphql';
import { KEYED_BY_TABLE_ROW, TYPE_POLICIES } from './type-policies';

const SCHEMA = readFileSync(join(__dirname, '..', '..', '..', 'schema.graphql'), 'utf8');

/** Object types of the schema that have an `id` field. */
function typesWithId(): string[] {
  const out: string[] = [];
  for (const m of SCHEMA.matchAll(/^type (\w+)[^{]*\{([^}]*)\}/gm)) if (/^\s+id: /m.test(m[2])) out.push(m[1]);
  return out.sort();
}

describe('the cache keys', () => {
  it('decide for every type with an id whether its id names one table row', () => {
    const decided = [...Object.keys(TYPE_POLICIES), ...KEYED_BY_TABLE_ROW].sort();
    expect(decided).toEqual(typesWithId());
  });

  it('keep each filter list its own names when ids collide across lists', () => {
    const cache = new InMemoryCache({ typePolicies: TYPE_POLICIES });
    const option = (id: number | string, display_name: string) => ({
      __typename: 'FilterOption' as const,
      id,
      display_name,
    });
    const all = option(0, 'All');
    const dashboardFilters = {
      __typename: 'DashboardFilters' as const,
      regions: [all, option('AUK', 'Auckland')],
      creatives: [all, option(1, 'Home Cover Hero')],
      campaigns: [all, option(1, 'Home Cover Always On')],
      bookings: [
        { __typename: 'BookingFilterOption' as const, id: 1, display_name: 'Home Cover - AOTV 1', campaign_id: 1 },
      ],
      channels: [all, option(1, 'AOTV 1')],
      sites: [all, option(1, 'Home page')],
    };
    cache.writeQuery({
      query: DashboardFilterOptionsDocument,
      variables: { client_id: 1 },
      data: { dashboardFilters },
    });
    const read = cache.readQuery({ query: DashboardFilterOptionsDocument, variables: { client_id: 1 } });
    expect(read?.dashboardFilters).toEqual(dashboardFilters);
  });

  it("keep Today's Activity counts apart for customer 1, booking 1 and site tag 1", () => {
    const cache = new InMemoryCache({ typePolicies: TYPE_POLICIES });
    const row = (name: string, count: number) => ({
      __typename: 'ActivityCount' as const,
      id: 1,
      name,
      count,
      customer_name: 'Southern Cross',
    });
    const dailyActivity = {
      __typename: 'DailyActivity' as const,
      total_impressions: 10,
      total_webhits: 3,
      customer_data: [row('Southern Cross', 13)],
      booking_data: [row('Home Cover - AOTV 1', 10)],
      site_data: [row('Home page', 3)],
    };
    // The screen's query asks for no id today; a query that does must not merge the three lists' rows.
    const query = gql`
      query {
        dailyActivity {
          total_impressions
          total_webhits
          customer_data {
            id
            name
            count
            customer_name
          }
          booking_data {
            id
            name
            count
            customer_name
          }
          site_data {
            id
            name
            count
            customer_name
          }
        }
      }
    `;
    cache.writeQuery({ query, data: { dailyActivity } });
    expect(cache.readQuery<{ dailyActivity: unknown }>({ query })?.dailyActivity).toEqual(dailyActivity);
  });
});
