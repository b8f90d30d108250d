import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import type { DateStatus } from '../../shared/status';

/** A booking (spec 3). campaign_name, channel_name, creative_ids and created_by_name resolve through loaders. */
@ObjectType('Booking')
export class BookingType {
  @Field(() => Int) id: number;
  @Field(() => Int) customer_id: number;
  @Field(() => String) booking_name: string;
  @Field(() => Int) channel_id: number;
  @Field(() => Int) campaign_id: number;
  @Field(() => Int, { description: '1 video, 2 image, 3 audio' }) booking_type: number;
  @Field(() => Float) cpm: number;
  @Field(() => String, { description: 'yyyy-MM-dd' }) start_date: string;
  @Field(() => String, { description: 'yyyy-MM-dd' }) end_date: string;
  @Field(() => Int, { nullable: true, description: 'Adtech that sold it; null = direct to the broadcaster' })
  publisher_id: number | null;
  @Field(() => String, { nullable: true }) job_number: string | null;
  @Field(() => Float, { nullable: true }) charged_cpm: number | null;
  @Field(() => Int, { nullable: true, description: 'Impressions planned over the dates; null = no plan' })
  planned_impressions: number | null;
  @Field(() => Boolean, { description: 'Whether the caller may edit it' }) editable: boolean;
  @Field(() => String, { description: 'Active, Upcoming or Completed' }) status: DateStatus;
}

@InputType('BookingInput')
export class BookingInput {
  @Field(() => Int, { nullable: true }) customer_id?: number;
  @Field(() => String, { nullable: true }) booking_name?: string;
  @Field(() => Int, { nullable: true }) channel_id?: number;
  @Field(() => Int, { nullable: true }) campaign_id?: number;
  @Field(() => Int, { nullable: true }) booking_type?: number;
  @Field(() => Float, { nullable: true }) cpm?: number;
  @Field(() => String, { nullable: true }) start_date?: string;
  @Field(() => String, { nullable: true }) end_date?: string;
  @Field(() => Int, { nullable: true }) publisher_id?: number | null;
  @Field(() => String, { nullable: true }) job_number?: string | null;
  @Field(() => Float, { nullable: true }) charged_cpm?: number | null;
  @Field(() => Int, { nullable: true }) planned_impressions?: number | null;
}

@ObjectType('BookingChannelOption')
export class BookingChannelOptionType {
  @Field(() => Int) id: number;
  @Field(() => String) channel_name: string;
  @Field(() => String, { description: 'broadcaster or adtech' }) owner_type: string;
  @Field(() => Int) owner_id: number;
  @Field(() => String, { nullable: true }) owner_name: string | null;
}

@ObjectType('PublisherOption')
export class PublisherOptionType {
  @Field(() => Int) id: number;
  @Field(() => String) adtech_name: string;
}

@ObjectType('BookingOptions', { description: 'Channels and publishers the caller may book (spec 6).' })
export class BookingOptionsType {
  @Field(() => [BookingChannelOptionType]) channels: BookingChannelOptionType[];
  @Field(() => [PublisherOptionType]) publishers: PublisherOptionType[];
  @Field(() => Boolean) requires_job_number: boolean;
  @Field(() => Boolean) requires_charged_cpm: boolean;
}
