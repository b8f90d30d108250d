import { Field, Int, ObjectType } from 'type-graphql';

/** GraphQL shapes of the auth calls: field names exactly as the REST answers (spec 7). */
@ObjectType({ description: 'The signed-in user (spec 3: logged-in user).' })
export class Me {
  @Field()
  email: string;

  @Field()
  name: string;

  @Field({ description: 'ROLE_ADMIN or ROLE_{BROADCASTER|AGENCY|CUSTOMER|ADTECH}_{ADMIN|USER}' })
  role: string;

  @Field(() => Int)
  entity_id: number;

  @Field({ description: 'SYSTEM, CUSTOMER, AGENCY, BROADCASTER or ADTECH' })
  entity_type: string;

  @Field({ description: "The organisation's primary country" })
  country_code: string;

  @Field(() => [String], { description: "The organisation's operational countries, primary first" })
  country_list: string[];
}

@ObjectType({ description: 'Answer of login: tokens and the signed-in user.' })
export class LoginResult extends Me {
  @Field({ description: 'JWT, 15 minutes' })
  access_token: string;

  @Field({ description: 'Opaque, 30 days, single use' })
  refresh_token: string;
}

@ObjectType()
export class RefreshResult {
  @Field({ description: 'A new access token' })
  new_token: string;

  @Field({ description: 'The rotated refresh token (the one sent is spent)' })
  refresh_token: string;
}

@ObjectType()
export class TokenCheck {
  @Field()
  valid: boolean;
}

@ObjectType()
export class AuthMessage {
  @Field()
  message: string;
}
