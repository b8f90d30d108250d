import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { DateStatus } from '../../shared/status';

@ObjectType('Campaign', { description: 'A campaign of a customer (spec 3); status derived from its dates.' })
export class CampaignType {
  @Field(() => Int) id: number;
  @Field(() => Int) customer_id: number;
  @Field(() => String) campaign_name: string;
  @Field(() => String, { description: 'yyyy-MM-dd' }) start_date: string;
  @Field(() => String, { description: 'yyyy-MM-dd' }) end_date: string;
  @Field(() => String, { description: 'Active, Upcoming or Completed' }) status: DateStatus;
}

/** Every field optional here: the service validates and answers `extensions.fields` (spec 5). */
@InputType('CampaignInput')
export class CampaignInput {
  @Field(() => Int, { nullable: true }) customer_id?: number;
  @Field(() => String, { nullable: true }) campaign_name?: string;
  @Field(() => String, { nullable: true }) start_date?: string;
  @Field(() => String, { nullable: true }) end_date?: string;
}
