import { Field, InputType, Int, ObjectType } from 'type-graphql';

/** GraphQL shapes of agencies and the system organisations: the REST field names (spec 3). */
@ObjectType()
export class Agency {
  @Field(() => Int) id: number;
  @Field() agency_name: string;
  @Field(() => String, { nullable: true }) domain: string | null;
  @Field(() => String, { nullable: true }) admin_email: string | null;
  @Field(() => String, { nullable: true, description: 'ROLE_ADMIN only' }) country_code: string | null;
  @Field(() => Int, { nullable: true, description: 'ROLE_ADMIN only' }) created_by: number | null;
}

@InputType({ description: 'Agency fields; nullable so that the service answers per-field messages.' })
export class AgencyInput {
  @Field(() => String, { nullable: true }) agency_name?: string | null;
  @Field(() => String, { nullable: true }) domain?: string | null;
  @Field(() => String, { nullable: true }) admin_email?: string | null;
  @Field(() => String, { nullable: true, description: 'ROLE_ADMIN only; ignored for others' })
  country_code?: string | null;
}

@ObjectType()
export class Broadcaster {
  @Field(() => Int) id: number;
  @Field() broadcaster_name: string;
  @Field() country_code: string;
}

@InputType()
export class BroadcasterInput {
  @Field(() => String, { nullable: true }) broadcaster_name?: string | null;
  @Field(() => String, { nullable: true }) country_code?: string | null;
  @Field(() => [String], { nullable: true }) country_list?: string[] | null;
}

@ObjectType()
export class Adtech {
  @Field(() => Int) id: number;
  @Field() adtech_name: string;
  @Field() country_code: string;
  @Field() requires_job_number: boolean;
  @Field() requires_charged_cpm: boolean;
}

@InputType()
export class AdtechInput {
  @Field(() => String, { nullable: true }) adtech_name?: string | null;
  @Field(() => String, { nullable: true }) country_code?: string | null;
  @Field(() => [String], { nullable: true }) country_list?: string[] | null;
  @Field(() => Boolean, { nullable: true }) requires_job_number?: boolean | null;
  @Field(() => Boolean, { nullable: true }) requires_charged_cpm?: boolean | null;
}

@ObjectType()
export class AdtechGroup {
  @Field(() => Int) id: number;
  @Field() group_name: string;
}

@InputType()
export class AdtechGroupInput {
  @Field(() => String, { nullable: true }) group_name?: string | null;
  @Field(() => [Int], { nullable: true }) adtech_ids?: number[] | null;
}

@ObjectType()
export class Channel {
  @Field(() => Int) id: number;
  @Field() channel_name: string;
  @Field(() => String, { description: 'broadcaster or adtech' }) owner_type: string;
  @Field(() => Int) owner_id: number;
}

@InputType()
export class ChannelInput {
  @Field(() => String, { nullable: true }) channel_name?: string | null;
  @Field(() => String, { nullable: true }) owner_type?: string | null;
  @Field(() => Int, { nullable: true }) owner_id?: number | null;
}

@ObjectType({ description: 'A confirmation, e.g. "Agency removed successfully".' })
export class Message {
  @Field() message: string;
}
