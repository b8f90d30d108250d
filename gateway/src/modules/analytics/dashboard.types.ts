import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { FilterIdScalar } from './filter-id.scalar';

/**
 * GraphQL shapes of the dashboard's filter and filter lists. The calls' answers are not here: each call's
 * file declares them once in zod (calls/call.ts), and the GraphQL types are made from those.
 */
@InputType()
export class DashboardFilterInput {
  @Field(() => Int) client_id: number;
  @Field() startdate: string;
  @Field() enddate: string;
  @Field(() => [FilterIdScalar], { nullable: true, description: 'Region codes, or [0] for All' })
  region?: (string | number)[];
  @Field(() => [Int], { nullable: true }) campaign?: number[];
  @Field(() => [Int], { nullable: true }) booking?: number[];
  @Field(() => [Int], { nullable: true }) creative?: number[];
  @Field(() => [Int], { nullable: true }) channel?: number[];
  @Field(() => [Int], { nullable: true, description: '1 Monday .. 7 Sunday, 0 All' }) weekday?: number[];
  @Field(() => [Int], { nullable: true, description: 'Dayparts 1..8, 0 All' }) time_slots?: number[];
  @Field(() => [Int], { nullable: true }) sites?: number[];
}

@ObjectType()
export class FilterOption {
  @Field(() => FilterIdScalar) id: number | string;
  @Field() display_name: string;
}

@ObjectType()
export class BookingFilterOption extends FilterOption {
  @Field(() => Int) campaign_id: number;
}

@ObjectType()
export class DashboardFilters {
  @Field(() => [FilterOption]) regions: FilterOption[];
  @Field(() => [FilterOption]) creatives: FilterOption[];
  @Field(() => [FilterOption]) campaigns: FilterOption[];
  @Field(() => [BookingFilterOption]) bookings: BookingFilterOption[];
  @Field(() => [FilterOption]) channels: FilterOption[];
  @Field(() => [FilterOption]) sites: FilterOption[];
}
