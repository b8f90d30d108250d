import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('SavedView', {
  description: 'A named dashboard selection of the signed-in user (docs/api.md#saved-views).',
})
export class SavedViewType {
  @Field(() => Int) id: number;
  @Field(() => String) name: string;
  @Field(() => String, { description: "The dashboard address's query string, without '?'" }) query: string;
  @Field(() => String) created_at: string;
  @Field(() => String) updated_at: string;
}

@InputType('SavedViewInput', { description: 'Create: name and query. Update: either or both.' })
export class SavedViewInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true, description: "The dashboard address's query string" }) query?: string | null;
}
