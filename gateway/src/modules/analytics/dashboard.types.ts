import { z } from 'zod';
import { graphqlClassOf, graphqlScalars } from './calls/graphql-from-zod';
import { FilterIdScalar } from './filters/filter-id.scalar';

/**
 * The dashboard's request (the filter payload of spec 3) and its filter lists, written once in zod: the REST
 * body and answer schemas of OpenAPI, and the GraphQL input and types made from them (calls/graphql-from-zod.ts).
 * The calls' answers are declared by each call's file (calls/call.ts).
 */

/** A filter option id: a number (0 = All, record ids) or a region code ('AUK'); GraphQL's FilterId. */
const optionId = z.union([z.number().int(), z.string()]);
const regionId = z.union([z.literal(0), z.string()]);
graphqlScalars.add(optionId, { scalar: FilterIdScalar });
graphqlScalars.add(regionId, { scalar: FilterIdScalar });

const idList = z.array(z.number().int().nonnegative()).optional();

export const DashboardFilterPayload = z
  .object({
    client_id: z.number().int().positive(),
    startdate: z.string().describe('yyyy-MM-dd'),
    enddate: z.string().describe('yyyy-MM-dd'),
    region: z.array(regionId).optional().describe('Region codes, or [0] for All'),
    campaign: idList,
    booking: idList,
    creative: idList,
    channel: idList,
    weekday: idList.describe('1 Monday .. 7 Sunday, 0 All'),
    time_slots: idList.describe('Dayparts 1..8, 0 All'),
    sites: idList,
  })
  .meta({ id: 'DashboardFilter' });
export type DashboardFilterInput = z.infer<typeof DashboardFilterPayload>;
export const DashboardFilterInput = graphqlClassOf(DashboardFilterPayload, 'input', 'DashboardFilterInput');

/**
 * A filter option (spec 3). Region ids are region codes ('AUK'); every other id is a number; the first option
 * of every list is {id: 0, display_name: 'All'} (id 0 = All in every payload list).
 */
export const FilterOption = z.object({ id: optionId, display_name: z.string() }).meta({ id: 'FilterOption' });
export type FilterOption = z.infer<typeof FilterOption>;
export const BookingFilterOption = FilterOption.extend({ campaign_id: z.number().int() }).meta({
  id: 'BookingFilterOption',
});
export type BookingFilterOption = z.infer<typeof BookingFilterOption>;

export const DashboardFilterOptions = z
  .object({
    regions: z.array(FilterOption),
    creatives: z.array(FilterOption),
    campaigns: z.array(FilterOption),
    bookings: z.array(BookingFilterOption),
    channels: z.array(FilterOption),
    sites: z.array(FilterOption),
  })
  .meta({ id: 'DashboardFilterOptions' });
export type DashboardFilterOptions = z.infer<typeof DashboardFilterOptions>;
/** GraphQL calls the lists `DashboardFilters` (the REST answer's component is `DashboardFilterOptions`). */
export const DashboardFilters = graphqlClassOf(DashboardFilterOptions, 'object', 'DashboardFilters');
