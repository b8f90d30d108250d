import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Users card: system users, administrators, standard users (spec 2).' })
export class UserCards {
  @Field(() => Int) total: number;
  @Field(() => Int) admins: number;
  @Field(() => Int) standard: number;
}

@ObjectType({ description: 'Agencies card (spec 2).' })
export class AgencyCards {
  @Field(() => Int) total: number;
}

@ObjectType({ description: 'Clients cards: total and the top category with its share (spec 2).' })
export class ClientCards {
  @Field(() => Int) total: number;
  @Field(() => String, { nullable: true }) top_category: string | null;
  @Field(() => Float, { nullable: true, description: 'Share of all clients in the top category, 0..1' })
  top_share: number | null;
}

@ObjectType({ description: 'The cards of Administrative tools; a part the caller may not manage is null.' })
export class AdminSummaryType {
  @Field(() => UserCards, { nullable: true }) users: UserCards | null;
  @Field(() => AgencyCards, { nullable: true }) agencies: AgencyCards | null;
  @Field(() => ClientCards, { nullable: true }) clients: ClientCards | null;
}
