import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType()
export class User {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() email: string;
  @Field() admin: boolean;
  @Field() role: string;
  @Field(() => Int, { description: '1 client, 2 agency, 3 broadcaster, 4 adtech (0 system)' }) entity_type: number;
  @Field(() => Int) entity_id: number;
  @Field({ description: 'false until the invitation is accepted' }) active: boolean;
}

@InputType({ description: 'User fields; entity_type and entity_id are read for the super admin only.' })
export class UserInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => Boolean, { nullable: true }) admin?: boolean | null;
  @Field(() => Int, { nullable: true }) entity_type?: number | null;
  @Field(() => Int, { nullable: true }) entity_id?: number | null;
}

@InputType({ description: 'directUser (spec 3)' })
export class DirectUserInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) password?: string | null;
  @Field(() => Int, { nullable: true, description: '1 admin, 2 user (default)' }) role_id?: number | null;
  @Field(() => String, { nullable: true, description: 'broadcaster (default), agency, client or adtech' })
  entity_type?: string | null;
  @Field(() => Int, { nullable: true }) broadcaster_id?: number | null;
  @Field(() => Int, { nullable: true }) agency_id?: number | null;
  @Field(() => Int, { nullable: true }) customer_id?: number | null;
  @Field(() => Int, { nullable: true }) adtech_id?: number | null;
}
