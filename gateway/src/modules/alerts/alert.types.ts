import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('AlertRule', {
  description:
    'An alert rule of a customer: site_tag_silent / impression_tag_silent (threshold in hours), visits_collapsed, under_delivery, invalid_traffic_share (threshold in percent).',
})
export class AlertRuleType {
  @Field(() => Int) id: number;
  @Field(() => Int) customer_id: number;
  @Field(() => String) kind: string;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => Int, { description: 'Hours (silent-tag rules) or percent (the others)' }) threshold: number;
  @Field(() => Int, {
    description:
      'Smallest volume looked at: daily baseline visits (visits_collapsed), impressions in 24 h (invalid_traffic_share)',
  })
  min_volume: number;
  @Field(() => Int, { description: 'Hours after an episode resolves before the same subject alerts again' })
  quiet_hours: number;
  @Field(() => [Int], { description: 'Users mailed when an episode opens' }) recipient_ids: number[];
}

@InputType('AlertRuleInput')
export class AlertRuleInput {
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
  @Field(() => Int, { nullable: true }) threshold?: number;
  @Field(() => Int, { nullable: true }) min_volume?: number;
  @Field(() => Int, { nullable: true }) quiet_hours?: number;
  @Field(() => [Int], { nullable: true }) recipient_ids?: number[];
}

@ObjectType('Alert', { description: 'One alert episode, as the bell shows it.' })
export class AlertType {
  @Field(() => Int) id: number;
  @Field(() => Int) customer_id: number;
  @Field(() => String) customer_name: string;
  @Field(() => String) kind: string;
  @Field(() => String) title: string;
  @Field(() => String) detail: string;
  @Field(() => String, { description: 'The client route that shows the problem' }) link: string;
  @Field(() => String, { description: 'ISO 8601 UTC' }) opened_at: string;
  @Field(() => String, { nullable: true, description: 'ISO 8601 UTC; null while open' }) resolved_at: string | null;
  @Field(() => Boolean) read: boolean;
}

@ObjectType('AlertInbox')
export class AlertInboxType {
  @Field(() => Int) unread: number;
  @Field(() => [AlertType]) alerts: AlertType[];
}
