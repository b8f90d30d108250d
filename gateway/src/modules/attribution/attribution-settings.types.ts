import { Field, Int, ObjectType } from 'type-graphql';

/** One asked-for change of a customer's attribution windows (docs/design.md#attribution-settings). */
@ObjectType('AttributionChange', {
  description: 'A change of the attribution windows: from -> to, who, when, progress',
})
export class AttributionChangeType {
  @Field(() => Int) id: number;
  @Field(() => Int, { description: 'Touch window in force when asked (hours)' }) from_touch_window_hours: number;
  @Field(() => Int, { description: 'Same-day window in force when asked (hours)' }) from_same_day_window_hours: number;
  @Field(() => Int, { description: 'Touch window asked for (hours)' }) touch_window_hours: number;
  @Field(() => Int, { description: 'Same-day window asked for (hours)' }) same_day_window_hours: number;
  @Field({ description: 'pending, running, done or superseded' }) status: string;
  @Field(() => Int, { description: 'Days of history recomputed so far' }) days_done: number;
  @Field(() => Int, { description: 'Days of history to recompute (0 until the recompute starts)' }) days_total: number;
  @Field(() => Int, { nullable: true, description: 'The user who asked (null for the system)' }) requested_by:
    number | null;
  @Field(() => String, { nullable: true }) requested_by_name: string | null;
  @Field() requested_at: string;
  @Field(() => String, { nullable: true }) started_at: string | null;
  @Field(() => String, { nullable: true }) finished_at: string | null;
}

/** A customer's attribution windows in force, the change under way and the latest changes. */
@ObjectType()
export class AttributionSettings {
  @Field(() => Int) customer_id: number;
  @Field(() => Int, { description: 'Touch window W in force, hours (1 to 720)' }) touch_window_hours: number;
  @Field(() => Int, { description: 'Same-day window S in force, hours (1 to W)' }) same_day_window_hours: number;
  @Field({ description: 'Whether the caller may change the windows (who may edit the client)' }) may_edit: boolean;
  @Field(() => AttributionChangeType, { nullable: true, description: 'The newest pending or running change' })
  pending: AttributionChangeType | null;
  @Field(() => [AttributionChangeType], { description: 'The latest 10 changes, newest first' })
  history: AttributionChangeType[];
}
