import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('ReportSchedule', { description: 'A weekly or monthly report of a customer by mail.' })
export class ReportScheduleType {
  @Field(() => Int) id: number;
  @Field(() => Int) customer_id: number;
  @Field(() => String, { description: 'weekly or monthly' }) frequency: string;
  @Field(() => Int, { description: 'weekly: ISO weekday 1 (Monday) to 7; monthly: day of the month 1 to 28' })
  day: number;
  @Field(() => Int, { description: '0 to 23, in time_zone' }) hour: number;
  @Field(() => String, { description: 'IANA zone, e.g. Pacific/Auckland' }) time_zone: string;
  @Field(() => Boolean) enabled: boolean;
  @Field(() => [Int], { description: 'Users mailed (who can see the customer)' }) recipient_ids: number[];
}

@InputType('ReportScheduleInput')
export class ReportScheduleInput {
  @Field(() => Int, { nullable: true, description: 'Required on create; cannot change on update' })
  customer_id?: number;
  @Field(() => String, { nullable: true }) frequency?: string;
  @Field(() => Int, { nullable: true }) day?: number;
  @Field(() => Int, { nullable: true }) hour?: number;
  @Field(() => String, { nullable: true }) time_zone?: string;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
  @Field(() => [Int], { nullable: true }) recipient_ids?: number[];
}

@ObjectType('ReportPreview', { description: "The answer of Send now: where the latest period's preview went." })
export class ReportPreviewType {
  @Field(() => String) message: string;
  @Field(() => String, { description: 'yyyy-MM-dd' }) start: string;
  @Field(() => String, { description: 'yyyy-MM-dd' }) end: string;
}

@ObjectType('ReportRecipientOption', { description: 'A user who may receive a customer’s mails.' })
export class RecipientOptionType {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => String) email: string;
}
