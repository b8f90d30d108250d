import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { SiteTagStatus } from '../../shared/status';

/** One booking x creative combination (spec 3); names resolve through loaders. */
@ObjectType('ImpressionTag')
export class ImpressionTagType {
  @Field(() => Int) id: number;
  @Field(() => Int) customer_id: number;
  @Field(() => Int) booking_id: number;
  @Field(() => Int) creative_id: number;
  @Field(() => String) tag_key: string;
  @Field(() => String, { description: 'VAST impression URL to paste into the ad server' }) tag: string;
  @Field(() => String, {
    description: 'The holdout variant (ctl=1): fired instead of tag when the household is in the control group',
  })
  control_tag: string;
}

@ObjectType('SiteTag', { description: 'A tag on the advertiser’s site (spec 3); status derived from its pings.' })
export class SiteTagType {
  @Field(() => Int) id: number;
  @Field(() => Int) customer_id: number;
  @Field(() => String) tag_description: string;
  @Field(() => String) tag_key: string;
  @Field(() => String, { description: 'The script snippet to paste into the site' }) tag: string;
  @Field(() => Boolean) main_site_tag: boolean;
  @Field(() => Int, { description: 'Hits in the trailing 24 hours' }) ping_count: number;
  @Field(() => String, { nullable: true, description: 'Time of the last hit (ISO 8601)' }) ping_date: string | null;
  @Field(() => String, { description: 'Active, Low traffic or Not detected' }) status: SiteTagStatus;
}

@InputType('SiteTagInput')
export class SiteTagInput {
  @Field(() => Int, { nullable: true }) customer_id?: number;
  @Field(() => String, { nullable: true }) tag_description?: string;
  @Field(() => Boolean, { nullable: true }) main_site_tag?: boolean;
}
