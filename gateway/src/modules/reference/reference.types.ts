import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A country (label "name (code)").' })
export class Country {
  @Field() country_code: string;
  @Field() country_name: string;
}

@ObjectType({ description: 'A client category.' })
export class Taxonomy {
  @Field(() => Int) id: number;
  @Field() taxonomy_desc: string;
}
