import { Field, InputType, Int, ObjectType } from 'type-graphql';

/** A client (spec 3); the list fields are resolved through loaders in customer.resolver.ts. */
@ObjectType()
export class Customer {
  @Field(() => Int) id: number;
  @Field() cust_name: string;
  @Field(() => String, { nullable: true }) display_name: string | null;
  @Field(() => String, { nullable: true }) domain: string | null;
  @Field(() => String, { nullable: true }) admin_email: string | null;
  @Field(() => Int) taxonomy_id: number;
  @Field() country_code: string;
  @Field() time_zone: string;
  @Field(() => Int, { nullable: true, description: '0 No Charge, 1 Customer, 2 Booking Entity; ROLE_ADMIN only' })
  billing_entity: number | null;
  @Field(() => Int) status: number;
  @Field(() => Int, { description: 'Months of raw data kept, 1 to 25 (default 13)' }) retention_months: number;
  @Field(() => Int, {
    description: 'Invalid traffic rule 7: more impressions of one household in one UTC hour are nat (default 100)',
  })
  nat_hourly_limit: number;
  @Field(() => Int, { nullable: true, description: 'ROLE_ADMIN only' }) created_by: number | null;
}

@InputType({ description: 'Client fields; nullable so that the service answers per-field messages.' })
export class CustomerInput {
  @Field(() => String, { nullable: true }) cust_name?: string | null;
  @Field(() => String, { nullable: true }) display_name?: string | null;
  @Field(() => String, { nullable: true }) domain?: string | null;
  @Field(() => String, { nullable: true }) admin_email?: string | null;
  @Field(() => Int, { nullable: true }) taxonomy_id?: number | null;
  @Field(() => String, { nullable: true }) country_code?: string | null;
  @Field(() => [String], { nullable: true }) country_list?: string[] | null;
  @Field(() => Int, { nullable: true, description: 'Months of raw data kept, 1 to 25; unchanged when absent' })
  retention_months?: number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Invalid traffic rule 7 limit, 1 to 10000; super admin only, ignored for others',
  })
  nat_hourly_limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'ROLE_ADMIN only; ignored for others' }) billing_entity?:
    number | null;
}
