import { Field, Float, Int, ObjectType } from 'type-graphql';

/** GraphQL shape of an overview row: the same field names as GET /api/dashboard/summary. */
@ObjectType()
export class OverviewRow {
  @Field(() => Int) booking_id: number;
  @Field(() => Int) customer_id: number;
  @Field() customer_name: string;
  @Field() campaign_name: string;
  @Field() booking_name: string;
  @Field() channel_name: string;
  @Field() start_date: string;
  @Field() end_date: string;
  @Field(() => Float) impressions: number;
  @Field(() => Float) cpm: number;
  @Field(() => Float) spend: number;
  @Field(() => Float) ping_count: number;
  @Field({ description: 'Fewer than 100 site tag pings: the Overview flags a tag issue (spec 4, 9)' })
  tag_issue: boolean;
  @Field(() => String, { nullable: true }) entity_name: string | null;
  @Field(() => String, { description: 'BROADCASTER, AGENCY, CUSTOMER or OTHER' }) entity_type: string;
  @Field(() => String, { nullable: true }) created_by_name: string | null;
  @Field() created_at: string;
}

@ObjectType()
export class DashboardCustomer {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field(() => Int, { description: 'Months of events the customer keeps (docs/design.md#retention)' })
  retention_months: number;
  @Field({ description: 'The first local date (yyyy-MM-dd) whose events are kept; earlier days are removed' })
  kept_from: string;
  @Field(() => Int, { description: 'Touch window W in force, hours (docs/design.md#attribution-settings)' })
  touch_window_hours: number;
  @Field(() => Int, { description: 'Same-day window S in force, hours' })
  same_day_window_hours: number;
}
