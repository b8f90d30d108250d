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

@ObjectType('AlertRun', { description: 'One evaluation round of the alerts task.' })
export class AlertRunType {
  @Field(() => Int) id: number;
  @Field(() => String, { description: 'The process that ran it' }) owner: string;
  @Field(() => String, { description: 'ISO 8601 UTC' }) started_at: string;
  @Field(() => Int) opened: number;
  @Field(() => Int) resolved: number;
  @Field(() => Int) mailed: number;
  @Field(() => String, { description: "'ok' or the error" }) result: string;
}

@ObjectType('MailSend', { description: 'One mail of an alert or a scheduled report: when, what, to whom, the result.' })
export class MailSendType {
  @Field(() => String, { description: 'alert or report' }) kind: string;
  @Field(() => Int) customer_id: number;
  @Field(() => String) customer_name: string;
  @Field(() => String) what: string;
  @Field(() => String) email: string;
  @Field(() => String, { nullable: true, description: 'ISO 8601 UTC; null while not sent' }) sent_at: string | null;
  @Field(() => String, { description: "'sent', 'pending', 'skipped', 'unsubscribed' or the error" }) result: string;
}

@ObjectType('AlertActivity', { description: 'Recent alert evaluations and alert and report mails (super admin).' })
export class AlertActivityType {
  @Field(() => [AlertRunType]) runs: AlertRunType[];
  @Field(() => [MailSendType]) sends: MailSendType[];
}
